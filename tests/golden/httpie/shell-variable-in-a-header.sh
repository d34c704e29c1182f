#!/usr/bin/env bash

# Read from the environment:
# TOKEN

http --ignore-stdin https://api.example.com/ "Authorization:Bearer ${TOKEN}"
