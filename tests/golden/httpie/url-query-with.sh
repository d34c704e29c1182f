#!/usr/bin/env bash

http --ignore-stdin 'https://api.example.com/s?x=1&raw=a%20b'
