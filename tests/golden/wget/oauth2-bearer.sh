#!/usr/bin/env bash

wget --quiet \
  --header='Authorization: Bearer tok123' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
