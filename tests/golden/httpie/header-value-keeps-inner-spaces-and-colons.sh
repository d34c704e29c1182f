#!/usr/bin/env bash

http --ignore-stdin https://api.example.com/ 'X-Time:12:30:00  UTC'
