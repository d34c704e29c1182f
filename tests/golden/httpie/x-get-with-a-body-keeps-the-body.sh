#!/usr/bin/env bash

http --ignore-stdin --form GET https://api.example.com/search \
  Content-Type:application/x-www-form-urlencoded \
  q=1
