#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/octet-stream' \
  --body-file=data.bin \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
