#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/x-www-form-urlencoded' \
  --body-data=msg=a%26b+c%0A \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/form
