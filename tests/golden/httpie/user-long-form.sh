#!/usr/bin/env bash

http --ignore-stdin '--auth=me@example.com:p@ss word' https://api.example.com/
