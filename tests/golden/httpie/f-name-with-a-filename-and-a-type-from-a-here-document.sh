#!/usr/bin/env bash

http --ignore-stdin --multipart POST https://api.example.com/upload \
  'doc=# Notes
line two
' \
  a=1
