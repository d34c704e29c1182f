#!/usr/bin/env bash

wget --quiet \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://bucket.s3.amazonaws.com/k
