#!/usr/bin/env bash

wget --quiet \
  --header='Referer: https://example.com/from' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
