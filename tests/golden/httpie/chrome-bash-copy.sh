#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/graphql \
  'accept:*/*' \
  content-type:application/json \
  origin:https://app.example.com \
  --raw='{"query":"{ me { name } }","note":"it'\''s"}'
