#!/usr/bin/env bash

http --ignore-stdin --verify=no --follow https://api.example.com/
