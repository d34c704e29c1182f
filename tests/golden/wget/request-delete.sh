#!/usr/bin/env bash

wget --quiet \
  --method=DELETE \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/items/1
