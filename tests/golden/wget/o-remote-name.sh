#!/usr/bin/env bash

wget --quiet \
  --max-redirect=0 \
  --content-on-error \
  --output-document=file.zip \
  https://api.example.com/file.zip
