#!/usr/bin/env bash

http --ignore-stdin https://bucket.s3.amazonaws.com/k
