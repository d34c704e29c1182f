#!/usr/bin/env bash

http --ignore-stdin --verify=no https://self-signed.example/
