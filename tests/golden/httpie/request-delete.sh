#!/usr/bin/env bash

http --ignore-stdin DELETE https://api.example.com/items/1
