#!/usr/bin/env bash

http --ignore-stdin https://api.example.com/ \
  X-Trace-ID:abc \
  accept:application/json \
  X-B:2
