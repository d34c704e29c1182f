#!/usr/bin/env bash

wget --quiet \
  --method=POST \
  --header='Content-Type: application/x-www-form-urlencoded' \
  --user=sk_test_123 \
  --password='' \
  --auth-no-challenge \
  --body-data='amount=2000&currency=usd' \
  --max-redirect=0 \
  --content-on-error \
  --output-document=- \
  https://api.example.com/v1/charges
