#!/usr/bin/env bash

wget --quiet \
  --user=a \
  --password=b \
  --auth-no-challenge \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
