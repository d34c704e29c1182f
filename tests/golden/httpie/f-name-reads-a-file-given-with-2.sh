#!/usr/bin/env bash

http --ignore-stdin --multipart POST https://api.example.com/upload f=@form.txt
