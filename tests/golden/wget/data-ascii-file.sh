#!/usr/bin/env bash

body_file=$(mktemp)
trap 'rm -f "$body_file"' EXIT
tr -d '\r\n' <form.txt >"$body_file"

wget --quiet \
  --method=POST \
  --header='Content-Type: application/x-www-form-urlencoded' \
  --body-file="$body_file" \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
