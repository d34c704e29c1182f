#!/usr/bin/env bash

wget --quiet \
  --method=PROPFIND \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://dav.example.com/files/
