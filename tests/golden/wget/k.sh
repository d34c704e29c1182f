#!/usr/bin/env bash

wget --quiet \
  --no-check-certificate \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://self-signed.example/
