#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/items \
  Content-Type:application/json \
  Accept:application/json \
  --raw='{"name": "Blue"}
'
