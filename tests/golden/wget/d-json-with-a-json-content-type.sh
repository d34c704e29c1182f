#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/json' \
  --body-data='{"name":"Blue shoes","price":42.5}' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/items
