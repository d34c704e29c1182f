#!/usr/bin/env bash

http --ignore-stdin --form POST https://api.example.com/form \
  Content-Type:application/x-www-form-urlencoded \
  a=1
