#!/usr/bin/env bash

http --ignore-stdin https://api.example.com/ 'Cookie:a=1; b=2'
