#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/json' \
  --header='Accept: application/json' \
  --body-data='{"a":1}' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
