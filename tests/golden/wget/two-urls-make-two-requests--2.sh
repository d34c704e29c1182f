#!/usr/bin/env bash

wget --quiet \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://b.example.com/2
