#!/usr/bin/env bash

wget --quiet \
  --method=PUT \
  --body-data='' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  'https://api.example.com/blob?a%3d1%0a'
