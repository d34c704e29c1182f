#!/usr/bin/env bash

http --ignore-stdin PROPFIND https://dav.example.com/files/
