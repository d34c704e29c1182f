#!/usr/bin/env bash

wget --quiet \
  --header='User-Agent: MyApp/1.0' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/
