#!/usr/bin/env bash

http --ignore-stdin 'https://api.example.com/search?q=blue%20shoes&sort=-price&tags=a,b'
