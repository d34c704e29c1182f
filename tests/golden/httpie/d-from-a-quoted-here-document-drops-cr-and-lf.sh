#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/form \
  Content-Type:application/x-www-form-urlencoded \
  --raw='a=1&b=$2'
