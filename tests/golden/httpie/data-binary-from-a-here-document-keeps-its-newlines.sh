#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/notes \
  Content-Type:text/plain \
  --raw='first line
second line
'
