#!/usr/bin/env bash

http --ignore-stdin 'https://api.example.com/search?x=0&q=blue+shoes%0a&page=2'
