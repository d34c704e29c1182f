#!/usr/bin/env bash

http --ignore-stdin '--proxy=http:http://proxy.local:3128' '--proxy=https:http://proxy.local:3128' https://api.example.com/
