#!/usr/bin/env bash

wget --quiet \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  'http://api.example.com/items?x=1'
