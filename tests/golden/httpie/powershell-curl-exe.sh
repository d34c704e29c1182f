#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/ \
  Content-Type:application/json \
  --raw='{"a":1}'
