#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/notes \
  Content-Type:application/x-www-form-urlencoded \
  --raw='indented
more
'
