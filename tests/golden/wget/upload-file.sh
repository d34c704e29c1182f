#!/usr/bin/env bash

wget --quiet \
  --method=PUT \
  --body-file=data.bin \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/blob
