#!/usr/bin/env bash

wget --quiet \
  --header='X-Trace-ID: abc' \
  --header='accept: application/json' \
  --header='X-B: 2' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
