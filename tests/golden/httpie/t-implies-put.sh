#!/usr/bin/env bash

http --ignore-stdin PUT https://api.example.com/upload/x.txt \
  Content-Type: \
  @note.txt
