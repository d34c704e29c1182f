#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='accept: */*' \
  --header='content-type: application/json' \
  --header='origin: https://app.example.com' \
  --body-data='{"query":"{ me { name } }","note":"it'\''s"}' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/graphql
