#!/usr/bin/env bash

wget --quiet \
  --header='Cookie: a=1;b=2' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
