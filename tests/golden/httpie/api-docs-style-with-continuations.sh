#!/usr/bin/env bash

http --ignore-stdin '--auth=sk_test_123:' --form POST https://api.example.com/v1/charges \
  Content-Type:application/x-www-form-urlencoded \
  amount=2000 \
  currency=usd
