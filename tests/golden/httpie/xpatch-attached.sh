#!/usr/bin/env bash

http --ignore-stdin --form PATCH https://api.example.com/items/1 \
  Content-Type:application/x-www-form-urlencoded \
  a=1
