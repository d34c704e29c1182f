#!/usr/bin/env bash

http --ignore-stdin https://api.example.com/ 'Authorization:Bearer abc.def'
