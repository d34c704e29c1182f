#!/usr/bin/env bash

http --ignore-stdin '--auth=alice:s3cret' https://api.example.com/
