#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/vnd.api+json' \
  --body-data='{"data":{}}' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
