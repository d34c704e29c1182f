#!/usr/bin/env bash

wget --quiet \
  --method=GET \
  --header='Content-Type: application/x-www-form-urlencoded' \
  --body-data=q=1 \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/search
