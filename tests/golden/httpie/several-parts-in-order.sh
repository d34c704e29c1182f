#!/usr/bin/env bash

http --ignore-stdin --multipart POST https://api.example.com/ a=1 f@note.txt b=2
