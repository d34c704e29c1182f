#!/usr/bin/env bash

wget --quiet \
  --header='Host: internal.example' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
