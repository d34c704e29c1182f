#!/usr/bin/env bash

http --ignore-stdin '--auth=alice:pa:ss' https://api.example.com/
