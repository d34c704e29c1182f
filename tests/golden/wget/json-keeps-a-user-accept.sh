#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Accept: text/plain' \
  --header='Content-Type: application/json' \
  --body-data='[1]' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
