#!/usr/bin/env bash

http --ignore-stdin --follow https://api.example.com/
