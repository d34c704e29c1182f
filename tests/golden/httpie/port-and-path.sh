#!/usr/bin/env bash

http --ignore-stdin http://localhost:8080/api/v1/users/42
