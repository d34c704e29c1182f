#!/usr/bin/env bash

http --ignore-stdin HEAD https://api.example.com/
