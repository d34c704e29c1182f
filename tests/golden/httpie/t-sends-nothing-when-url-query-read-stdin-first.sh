#!/usr/bin/env bash

http --ignore-stdin PUT 'https://api.example.com/blob?a%3d1%0a'
