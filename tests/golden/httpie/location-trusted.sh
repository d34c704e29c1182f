#!/usr/bin/env bash

http --ignore-stdin --follow '--auth=a:b' https://api.example.com/
