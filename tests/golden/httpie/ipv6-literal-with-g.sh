#!/usr/bin/env bash

http --ignore-stdin 'http://[::1]:8080/x'
