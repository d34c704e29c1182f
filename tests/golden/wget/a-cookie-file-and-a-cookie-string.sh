#!/usr/bin/env bash

wget --quiet \
  --header='Cookie: lang=en' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  http://127.0.0.1/
