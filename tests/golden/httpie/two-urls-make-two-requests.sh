#!/usr/bin/env bash

http --ignore-stdin https://a.example.com/1
