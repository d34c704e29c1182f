#!/usr/bin/env bash

wget --quiet \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  'https://api.example.com/search?q=a+b%0a&n=1'
