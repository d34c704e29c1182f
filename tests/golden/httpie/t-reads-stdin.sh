#!/usr/bin/env bash

http PUT https://api.example.com/blob Content-Type:
