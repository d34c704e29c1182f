#!/usr/bin/env bash

http --ignore-stdin PUT https://api.example.com/blob \
  Content-Type: \
  --raw='a=1
'
