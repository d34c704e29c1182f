#!/usr/bin/env bash

http --ignore-stdin 'https://api.example.com/search?a=1'
