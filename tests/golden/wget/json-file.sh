#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/json' \
  --header='Accept: application/json' \
  --body-file=body.json \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
