#!/usr/bin/env bash

# Percent-encodes standard input as curl's --data-urlencode does (a space becomes +).
urlencode() {
  local byte
  for byte in $(od -An -v -tu1); do
    case $byte in
      32) printf '+' ;;
      45 | 46 | 95 | 126 | 4[89] | 5[0-7] | 6[5-9] | [78][0-9] | 90 | 9[7-9] | 1[01][0-9] | 12[0-2])
        printf "\\$(printf '%03o' "$byte")" ;;
      *) printf '%%%02X' "$byte" ;;
    esac
  done
}

urlencode <note.txt | http POST https://api.example.com/ \
  Content-Type:application/x-www-form-urlencoded
