#!/usr/bin/env bash

wget --quiet \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  'http://[::1]:8080/x'
