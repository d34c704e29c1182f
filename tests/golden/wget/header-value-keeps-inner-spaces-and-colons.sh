#!/usr/bin/env bash

wget --quiet \
  --header='X-Time: 12:30:00  UTC' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
