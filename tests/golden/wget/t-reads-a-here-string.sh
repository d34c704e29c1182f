#!/usr/bin/env bash

wget --quiet \
  --method=PUT \
  --body-data='a=1
' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/blob
