#!/usr/bin/env bash

http --ignore-stdin '--auth=bob:pw' https://api.example.com/
