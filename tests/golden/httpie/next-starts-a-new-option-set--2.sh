#!/usr/bin/env bash

http --ignore-stdin --form POST https://b.example.com/ \
  Content-Type:application/x-www-form-urlencoded \
  x=1
