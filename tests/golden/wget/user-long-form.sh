#!/usr/bin/env bash

wget --quiet \
  --user=me@example.com \
  --password='p@ss word' \
  --auth-no-challenge \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
