#!/usr/bin/env bash

http --ignore-stdin DELETE https://b.example.com/
