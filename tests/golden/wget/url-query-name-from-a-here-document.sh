#!/usr/bin/env bash

wget --quiet \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  'https://api.example.com/search?x=0&q=blue+shoes%0a&page=2'
