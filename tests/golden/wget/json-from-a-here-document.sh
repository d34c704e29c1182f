#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/json' \
  --header='Accept: application/json' \
  --body-data='{"name": "Blue"}
' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/items
