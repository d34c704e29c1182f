#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/x-www-form-urlencoded' \
  --body-data=a=1 \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/form
