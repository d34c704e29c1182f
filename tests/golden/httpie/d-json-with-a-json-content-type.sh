#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/items \
  Content-Type:application/json \
  --raw='{"name":"Blue shoes","price":42.5}'
