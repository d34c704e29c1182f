#!/usr/bin/env bash

wget --quiet \
  --max-redirect=0 \
  --load-cookies=cookies.txt \
  --content-on-error \
  --output-document=- \
  http://127.0.0.1/
