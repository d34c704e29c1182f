#!/usr/bin/env bash

http --ignore-stdin 'http://api.example.com/items?x=1'
