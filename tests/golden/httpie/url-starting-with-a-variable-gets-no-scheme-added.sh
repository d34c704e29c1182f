#!/usr/bin/env bash

# Read from the environment:
# BASE_URL

http --ignore-stdin "${BASE_URL}/items"
