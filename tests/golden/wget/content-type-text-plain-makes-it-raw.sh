#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: text/plain' \
  --body-data=hello \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
