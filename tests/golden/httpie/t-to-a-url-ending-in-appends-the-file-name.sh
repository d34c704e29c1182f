#!/usr/bin/env bash

http --ignore-stdin PUT https://api.example.com/upload/note.txt \
  Content-Type: \
  @note.txt
