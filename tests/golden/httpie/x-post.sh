#!/usr/bin/env bash

http --ignore-stdin POST https://api.example.com/items
