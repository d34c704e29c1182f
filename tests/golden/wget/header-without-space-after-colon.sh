#!/usr/bin/env bash

wget --quiet \
  --header='X-A: 1' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
