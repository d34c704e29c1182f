#!/usr/bin/env bash

http --ignore-stdin POST 'https://api.example.com/items?a=1&b=2' \
  accept:application/json \
  Content-Type:application/x-www-form-urlencoded \
  --raw='{"name":"a b"}'
