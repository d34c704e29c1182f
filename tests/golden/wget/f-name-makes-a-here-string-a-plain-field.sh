#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/upload
