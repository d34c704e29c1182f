#!/usr/bin/env bash

http --ignore-stdin '--auth=alice:' https://api.example.com/
