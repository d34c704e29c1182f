#!/usr/bin/env bash

http --ignore-stdin https://b.example.com/2
