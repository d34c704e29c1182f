#!/usr/bin/env bash

http --ignore-stdin --timeout=30 https://api.example.com/
