#!/usr/bin/env bash

http --ignore-stdin --follow POST https://api.example.com/
