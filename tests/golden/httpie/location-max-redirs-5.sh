#!/usr/bin/env bash

http --ignore-stdin --follow --max-redirects=5 https://api.example.com/
