#!/usr/bin/env bash

http POST https://api.example.com/ \
  Content-Type:application/x-www-form-urlencoded
