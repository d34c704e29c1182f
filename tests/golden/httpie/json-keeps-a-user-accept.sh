#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/ \
  Accept:text/plain \
  Content-Type:application/json \
  --raw='[1]'
