#!/usr/bin/env bash

http --ignore-stdin 'https://api.example.com/search?q=a+b%0a&n=1'
