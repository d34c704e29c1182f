#!/usr/bin/env bash

http --ignore-stdin '--auth=a:b' https://api.example.com/
