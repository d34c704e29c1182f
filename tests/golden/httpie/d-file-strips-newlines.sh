#!/usr/bin/env bash

tr -d '\r\n' < form.txt | http POST https://api.example.com/ \
  Content-Type:application/x-www-form-urlencoded
