#!/usr/bin/env bash

wget --quiet \
  --header='Cookie: id=42' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
