#!/usr/bin/env bash

http --ignore-stdin 'https://api.example.com/search?page=2&q=x'
