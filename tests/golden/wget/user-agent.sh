#!/usr/bin/env bash

wget --quiet \
  --header='User-Agent: Mozilla/5.0 (X11)' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
