#!/usr/bin/env bash

wget --quiet \
  --user=alice \
  --password=s3cret \
  --auth-no-challenge \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
