#!/usr/bin/env bash

body_file=$(mktemp)
trap 'rm -f "$body_file"' EXIT
cat >"$body_file"

wget --quiet \
  --method=PUT \
  --body-file="$body_file" \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/blob
