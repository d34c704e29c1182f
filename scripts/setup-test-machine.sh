#!/usr/bin/env bash
# Installs what the tests need beyond npm packages: Chromium and Firefox ESR
# (the end-to-end tests), curl and openssl, and the toolchains that run the
# generated programs in the execution-equivalence suite (python3-venv for the
# suite's own environment of requests, httpx and HTTPie from PyPI, Go, Rust
# (reqwest itself comes from crates.io), libcurl, PHP with Guzzle, Mono, Ruby, Perl's
# LWP, R's httr, Wget) and the formatters and linters their output is held to. Debian's apt, as root or through sudo; elsewhere it
# names what to install and stops.
set -euo pipefail

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

need=()
# Toolchains install without recommends: R alone would bring about 1.5 GB of them.
lean=()
# --chromium: only the browser npm start needs.
only_chromium=false
[ "${1:-}" = "--chromium" ] && only_chromium=true
command -v chromium >/dev/null 2>&1 || [ -x /usr/lib/chromium/chromium ] || [ -n "${CHROME_PATH:-}" ] || need+=(chromium)
if $only_chromium; then
  command -v google-chrome >/dev/null 2>&1 && need=()
else
command -v firefox-esr >/dev/null 2>&1 || [ -n "${FIREFOX_PATH:-}" ] || need+=(firefox-esr)
command -v curl >/dev/null 2>&1 || need+=(curl)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
if command -v dpkg-query >/dev/null 2>&1; then
  # The toolchains and libraries of the equivalence suite, one per line.
  toolchain_packages=(
    python3-venv
    golang-go
    gcc
    libc6-dev
    pkg-config
    libssl-dev
    libcurl4-openssl-dev
    clang-format
    php-cli
    php-curl
    php-guzzlehttp-guzzle
    php-codesniffer
    wget
    mono-mcs
    mono-runtime
    libmono-system-net-http4.0-cil
    ruby
    rubocop
    libwww-perl
    perltidy
    libhttp-message-perl
    liblwp-protocol-https-perl
    liburi-perl
    r-base-core
    r-cran-httr
    r-cran-lintr
    openjdk-17-jdk-headless
    maven
  )
  for pkg in "${toolchain_packages[@]}"; do
    installed "$pkg" || lean+=("$pkg")
  done
  # reqwest 0.13 (from crates.io, pinned by Cargo.lock) needs Rust 1.85 or newer: a rustup cargo on PATH;
  # Debian 12's cargo (1.63) is only the fallback and cannot build it.
  if ! command -v cargo >/dev/null 2>&1; then
    for pkg in cargo rustc rustfmt; do installed "$pkg" || lean+=("$pkg"); done
  fi
fi
fi

if [ ${#need[@]} -eq 0 ] && [ ${#lean[@]} -eq 0 ]; then
  $only_chromium || echo "== the test machine has everything the tests need"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need these Debian packages (or their equivalents on your system): ${need[*]} ${lean[*]}" >&2
  echo "Install them, then run npm test. CHROME_PATH and FIREFOX_PATH point the tests at browsers elsewhere." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo"
  elif command -v sudo >/dev/null 2>&1 && [ -t 0 ]; then
    SUDO="sudo" # asks for the password
  else
    echo "The tests need these Debian packages, and installing them needs root:" >&2
    echo "  sudo apt-get install -y ${need[*]} ${lean[*]}" >&2
    exit 1
  fi
fi
echo "== installing ${need[*]} ${lean[*]} with apt"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
[ ${#need[@]} -eq 0 ] || $SUDO apt-get install -y -q "${need[@]}"
[ ${#lean[@]} -eq 0 ] || $SUDO apt-get install -y -q --no-install-recommends "${lean[@]}"
