#!/usr/bin/env bash

http --ignore-stdin http://127.0.0.1/ Cookie:lang=en
