#!/usr/bin/env bash

http --ignore-stdin https://api.example.com/ 'User-Agent:Mozilla/5.0 (X11)'
