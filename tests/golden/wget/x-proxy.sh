#!/usr/bin/env bash

wget --quiet \
  --max-redirect=0 \
  --execute=http_proxy=http://proxy.local:3128 \
  --execute=https_proxy=http://proxy.local:3128 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
