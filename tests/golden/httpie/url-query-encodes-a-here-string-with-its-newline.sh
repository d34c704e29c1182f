#!/usr/bin/env bash

http --ignore-stdin 'https://api.example.com/search?a%3d1%26b%3d2%0a'
