#!/usr/bin/env bash

wget --quiet \
  --header='Range: bytes=600-' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/file.bin
