#!/usr/bin/env bash
# Installs what attnlab needs from Debian (only what is missing), configures and builds.
# Sourced by tools/present and tools/test; idempotent; works as root or through sudo.
#   ATTNLAB_BUILD   build folder (default: build)
#   ATTNLAB_CMAKE_ARGS extra CMake arguments
#   ATTNLAB_PACKAGES_EXTRA more Debian packages to install (tools/fuzz: clang)
#   ATTNLAB_SETUP_ONLY=1   install only; the caller configures and builds
set -euo pipefail
ATTNLAB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ATTNLAB_BUILD=${ATTNLAB_BUILD:-$ATTNLAB_ROOT/build}

# The text stack: libraqm (shaping with HarfBuzz, right-to-left order with FriBiDi); the Noto
# faces draw what DejaVu (fonts/) lacks: Devanagari, Arabic … (core) and Chinese, Japanese,
# Korean (cjk). libharfbuzz-dev brings HarfBuzz's subsetter too (libharfbuzz-subset0): a live page
# carries those faces cut to its deck's characters.
packages=(build-essential cmake pkg-config libsdl2-dev libcairo2-dev libyaml-cpp-dev
          libraqm-dev libharfbuzz-dev libfribidi-dev fonts-noto-core fonts-noto-cjk
          nlohmann-json3-dev catch2 libpng-dev libyuv-dev ffmpeg espeak-ng libxtst-dev xvfb poppler-utils python3 chromium
          ${ATTNLAB_PACKAGES_EXTRA:-})
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "attnlab: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  { $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2; } || true
fi
# Say which packages are still missing (no network, no sudo) rather than fail later in the build.
still=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || still+=("$p")
done
if ((${#still[@]})); then
  echo "attnlab: these Debian packages are missing and could not be installed: ${still[*]}" >&2
  echo "attnlab: install them (sudo apt-get install ${still[*]}) and run this again" >&2
  exit 1
fi

[ -n "${ATTNLAB_SETUP_ONLY:-}" ] && return 0
cmake -S "$ATTNLAB_ROOT" -B "$ATTNLAB_BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo ${ATTNLAB_CMAKE_ARGS:-} >/dev/null
cmake --build "$ATTNLAB_BUILD" -j"$(nproc)"
