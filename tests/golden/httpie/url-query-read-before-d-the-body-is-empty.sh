#!/usr/bin/env bash

http --ignore-stdin POST 'https://api.example.com/form?n=hi%0a' \
  Content-Type:application/x-www-form-urlencoded
