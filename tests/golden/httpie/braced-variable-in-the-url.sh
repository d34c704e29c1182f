#!/usr/bin/env bash

# Read from the environment:
# USER_ID

http --ignore-stdin "https://api.example.com/users/${USER_ID}/orders"
