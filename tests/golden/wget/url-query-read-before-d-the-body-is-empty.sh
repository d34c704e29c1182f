#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/x-www-form-urlencoded' \
  --body-data='' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  'https://api.example.com/form?n=hi%0a'
