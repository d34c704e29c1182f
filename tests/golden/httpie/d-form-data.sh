#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/ \
  Content-Type:application/x-www-form-urlencoded \
  --raw='name=Blue%20shoes&price=42'
