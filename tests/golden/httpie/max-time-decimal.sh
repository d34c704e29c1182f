#!/usr/bin/env bash

http --ignore-stdin --timeout=2.5 https://api.example.com/
