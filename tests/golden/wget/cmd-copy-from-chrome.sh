#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='accept: application/json' \
  --header='Content-Type: application/x-www-form-urlencoded' \
  --body-data='{"name":"a b"}' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  'https://api.example.com/items?a=1&b=2'
