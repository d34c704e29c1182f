#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/ \
  Content-Type:application/vnd.api+json \
  --raw='{"data":{}}'
