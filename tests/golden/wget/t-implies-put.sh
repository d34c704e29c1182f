#!/usr/bin/env bash

wget --quiet \
  --method=PUT \
  --body-file=note.txt \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/upload/x.txt
