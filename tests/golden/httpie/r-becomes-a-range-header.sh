#!/usr/bin/env bash

http --ignore-stdin https://api.example.com/file.bin Range:bytes=600-
