#!/usr/bin/env bash
# tools/web/build-deps.sh: the libraries the engine's WebAssembly build links, cross-built from
# Debian 12's own source packages with Debian's emscripten, into a cache keyed by their versions.
# Owns: installing emscripten and the build tools, a deb-src entry when none exists, fetching
# and checking the pinned sources, the cross-builds and their patches (tools/web/patches/, each
# with its reason). Knows nothing of the engine: tools/web/build and cmake/web.cmake use the prefix
# it prints. Idempotent: a finished prefix is reused as it is.
#
#   ATTNLAB_WEB_DEPS   the cache (default ~/.cache/attnlab/web-deps): src/ holds the fetched
#                      sources, <key>/prefix the installed libraries, <key>/logs each build's log
#   ATTNLAB_WEB_RAQM_GIT  a clone of https://github.com/HOST-Oman/libraqm, used only where the
#                      Debian mirror lacks raqm's source (its tag v0.7.0 is pinned by commit);
#                      without one, the copy of that tag's files in tools/web/vendor/ is used
#   JOBS               parallel jobs (default 2: the machines are shared)
# Prints the prefix (the last line of its standard output); the progress goes to standard error.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
JOBS=${JOBS:-2}
CACHE=${ATTNLAB_WEB_DEPS:-${XDG_CACHE_HOME:-$HOME/.cache}/attnlab/web-deps}
say() { echo "web-deps: $*" >&2; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# ---- the pinned sources: Debian 12 (bookworm) source package = version, and the sha256 of the
# upstream tarball each build uses (the same as docs/DESIGN.md's table "The web build").
PKGS=(
  "zlib       1:1.2.13.dfsg-1         zlib_1.2.13.dfsg.orig.tar.bz2        71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1"
  "libpng1.6  1.6.39-2+deb12u5        libpng1.6_1.6.39.orig.tar.gz         a00e9d2f2f664186e4202db9299397f851aea71b36a35e74910b8820e380d441"
  "freetype   2.12.1+dfsg-5+deb12u4   freetype_2.12.1+dfsg.orig.tar.xz     7dedb6b9adf331559daea614a83b8de42a753e685ec8e1c4bdb4529eb880b0d1"
  "pixman     0.42.2-1                pixman_0.42.2.orig.tar.gz            ea1480efada2fd948bc75366f7c349e1c96d3297d09a3fe62626e38e234a625e"
  "cairo      1.16.0-7                cairo_1.16.0.orig.tar.xz             5e7b29b3f113ef870d1e3ecf8adf21f923396401604bda16d44be45e66052331"
  "cairo      1.16.0-7                cairo_1.16.0-7.debian.tar.xz         af666a040fd54df96885907d0e9a74883396218a620ae03d173f1a3fee4980ea"
  "yaml-cpp   0.7.0+dfsg-8            yaml-cpp_0.7.0+dfsg.orig.tar.xz      dc63708605404e0b963e0ca3a9619d1c8270eda2839603e6fa0384e5e51e5312"
  "harfbuzz   6.0.0+dfsg-3            harfbuzz_6.0.0+dfsg.orig.tar.xz      89266cb363e49b6aa999eda04ca25b0d234a69ad9304679631371f4697652368"
  "fribidi    1.0.8-2.1               fribidi_1.0.8.orig.tar.bz2           94c7b68d86ad2a9613b4dcffe7bbeb03523d63b5b37918bdf2e4ef34195c1e6c"
  "raqm       0.7.0-4.1               raqm_0.7.0.orig.tar.gz               e28575ecdd4e8a1d277d9be8268bb663ce1e476aaf55eb0456787821ddf0f941"
)
RAQM_COMMIT=f209035a6cdeb68bdc1317d655060b3f7478991c   # upstream tag v0.7.0, the release Debian packages

# ---- the tools: Debian's emscripten (3.1.6) and what the libraries' builds run.
tools=(emscripten cmake ninja-build pkg-config make patch xz-utils bzip2 python3 git util-linux)
missing=()
for p in "${tools[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
export NODE_PATH=/usr/share/nodejs   # Debian's emcc runs acorn-optimizer.js, which needs this

# ---- the builds: a function each, run in this order by `step` (below, after the sources).
BUILDS=(zlib libpng freetype pixman cairo yamlcpp harfbuzz fribidi raqm)
HOST=wasm32-unknown-emscripten
N="nice -n 5"   # the machines are shared: the cross-builds yield a little
# C++ throws through every frame: yaml-cpp reports parse errors by throwing, and the engine's
# loader catches them. One exception model for the whole link: WebAssembly's own.
CXXEH=-fwasm-exceptions
step() {   # step NAME FUNCTION: runs it in $B with its output in the log, says how long it took
  local t0; t0=$(date +%s)
  say "building $1 ..."
  if ! (cd "$B" && "$2") >"$KEYDIR/logs/$1.log" 2>&1; then
    tail -n 40 "$KEYDIR/logs/$1.log" >&2
    say "$1 failed (its whole log: $KEYDIR/logs/$1.log)"
    exit 1
  fi
  say "$1 done in $(( $(date +%s) - t0 )) s"
}

build_zlib() {
  tar xf "$SRC/zlib_1.2.13.dfsg.orig.tar.bz2" && cd zlib-1.2.13.dfsg
  CFLAGS=-O2 $N emconfigure ./configure --static --prefix="$P"
  $N emmake make -j"$JOBS" libz.a && $N emmake make install
}
build_libpng() {
  tar xf "$SRC/libpng1.6_1.6.39.orig.tar.gz" && cd libpng-1.6.39
  $N emconfigure ./configure --host=$HOST --prefix="$P" --disable-shared --enable-static \
    --disable-hardware-optimizations --without-binconfigs CFLAGS=-O2 CPPFLAGS="-I$P/include" LDFLAGS="-L$P/lib"
  $N emmake make -j"$JOBS" libpng16.la
  $N emmake make install-libLTLIBRARIES install-pkgincludeHEADERS install-nodist_pkgincludeHEADERS \
    install-pkgconfigDATA install-header-links install-library-links install-libpng-pc
}
build_freetype() {   # zlib and PNG; no HarfBuzz (the text stack calls it itself), Brotli or bzip2
  tar xf "$SRC/freetype_2.12.1+dfsg.orig.tar.xz" && cd freetype-2.12.1
  $N emcmake cmake -S . -B bw -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$P" \
    -DBUILD_SHARED_LIBS=OFF -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON -DFT_DISABLE_BZIP2=ON \
    -DFT_REQUIRE_ZLIB=ON -DFT_REQUIRE_PNG=ON -DZLIB_LIBRARY="$P/lib/libz.a" -DZLIB_INCLUDE_DIR="$P/include" \
    -DPNG_LIBRARY="$P/lib/libpng16.a" -DPNG_PNG_INCLUDE_DIR="$P/include"
  $N ninja -C bw -j"$JOBS" && $N ninja -C bw install
}
build_pixman() {   # the generic C paths (no x86 or ARM SIMD exists in WebAssembly)
  tar xf "$SRC/pixman_0.42.2.orig.tar.gz" && cd pixman-0.42.2
  $N emconfigure ./configure --host=$HOST --prefix="$P" --disable-shared --enable-static --disable-openmp \
    --disable-loongson-mmi --disable-mmx --disable-sse2 --disable-ssse3 --disable-vmx --disable-arm-simd \
    --disable-arm-neon --disable-arm-a64-neon --disable-arm-iwmmxt --disable-mips-dspr2 \
    --disable-gcc-inline-asm --disable-libpng --disable-gtk CFLAGS=-O2
  $N emmake make -C pixman -j"$JOBS" && $N emmake make -C pixman install && $N emmake make install-pkgconfigDATA
}
build_cairo() {   # image surface, FreeType fonts (no fontconfig), PNG, PDF, PS, SVG; single-threaded
  tar xf "$SRC/cairo_1.16.0.orig.tar.xz" && mkdir -p deb-cairo && tar xf "$SRC/cairo_1.16.0-7.debian.tar.xz" -C deb-cairo
  cd cairo-1.16.0
  # Debian's four source patches, the ones libcairo2 1.16.0-7 (the native build's cairo) carries,
  # so both builds paint alike; its build-system patches would make `make` call automake.
  local p
  for p in git-pdf-add-missing-flush.patch ft-Use-FT_Done_MM_Var-instead-of-free-when-available-in-c.patch \
           Fix-mask-usage-in-image-compositor.patch Minor-cleanups.patch; do
    patch -p1 < "../deb-cairo/debian/patches/$p"
  done
  patch -p1 < "$HERE/patches/cairo-1.16.0-wasm-spline-callbacks.patch"
  touch -r Makefile.in test/Makefile.sources   # keep make from re-running automake
  # cairo's config.sub (2018) does not know *-emscripten; pixman's (2022) does.
  cp ../pixman-0.42.2/config.sub ../pixman-0.42.2/config.guess build/
  $N emconfigure ./configure --host=$HOST --prefix="$P" --disable-shared --enable-static \
    --enable-ft=yes --enable-fc=no --enable-png=yes --enable-pdf=yes --enable-ps=yes --enable-svg=yes \
    --enable-xlib=no --enable-xlib-xrender=no --enable-xcb=no --enable-xlib-xcb=no --enable-xcb-shm=no \
    --enable-qt=no --enable-quartz=no --enable-win32=no --enable-os2=no --enable-beos=no --enable-drm=no \
    --enable-gallium=no --enable-gl=no --enable-glesv2=no --enable-glesv3=no --enable-cogl=no \
    --enable-directfb=no --enable-vg=no --enable-egl=no --enable-glx=no --enable-wgl=no --enable-script=no \
    --enable-interpreter=no --enable-trace=no --enable-symbol-lookup=no --enable-gobject=no \
    --enable-test-surfaces=no --enable-tee=no --enable-xml=no --enable-pthread=no --disable-valgrind \
    --disable-gtk-doc ax_cv_c_float_words_bigendian=no CFLAGS=-O2 \
    CPPFLAGS="-I$P/include -DCAIRO_NO_MUTEX=1" LDFLAGS="-L$P/lib"
  $N emmake make -C src -j"$JOBS" libcairo.la && $N emmake make -C src install
}
build_yamlcpp() {
  tar xf "$SRC/yaml-cpp_0.7.0+dfsg.orig.tar.xz" && cd yaml-cpp-yaml-cpp-0.7.0
  $N emcmake cmake -S . -B bw -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$P" \
    -DYAML_BUILD_SHARED_LIBS=OFF -DYAML_CPP_BUILD_TESTS=OFF -DYAML_CPP_BUILD_TOOLS=OFF \
    -DYAML_CPP_BUILD_CONTRIB=OFF -DCMAKE_CXX_FLAGS="$CXXEH"
  $N ninja -C bw -j"$JOBS" && $N ninja -C bw install
}
build_harfbuzz() {   # with FreeType (hb-ft, which libraqm uses); no GLib, ICU or subsetter
  tar xf "$SRC/harfbuzz_6.0.0+dfsg.orig.tar.xz" && cd harfbuzz-6.0.0
  # hb-ft's FreeType features, as Debian's (meson) build finds them in FreeType 2.12: its CMake
  # build checks them by linking libfreetype alone, which fails in WebAssembly (PNG and zlib are
  # missing from that link), and would build hb-ft without the glyph transform and variations.
  local ft="-DHAVE_FT_GET_VAR_BLEND_COORDINATES=1 -DHAVE_FT_SET_VAR_BLEND_COORDINATES=1 -DHAVE_FT_DONE_MM_VAR=1 -DHAVE_FT_GET_TRANSFORM=1"
  $N emcmake cmake -S . -B bw -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$P" \
    -DBUILD_SHARED_LIBS=OFF -DHB_HAVE_FREETYPE=ON -DHB_HAVE_GLIB=OFF -DHB_HAVE_GOBJECT=OFF \
    -DHB_HAVE_ICU=OFF -DHB_HAVE_GRAPHITE2=OFF -DHB_BUILD_SUBSET=OFF -DHB_BUILD_UTILS=OFF \
    -DHB_HAVE_INTROSPECTION=OFF -DFREETYPE_INCLUDE_DIR_ft2build="$P/include/freetype2" \
    -DFREETYPE_INCLUDE_DIR_freetype2="$P/include/freetype2" -DFREETYPE_LIBRARY="$P/lib/libfreetype.a" \
    -DCMAKE_CXX_FLAGS="$CXXEH $ft"
  $N ninja -C bw -j"$JOBS" && $N ninja -C bw install
}
build_fribidi() {   # its Unicode tables ship generated in the tarball: only lib/ is built
  tar xf "$SRC/fribidi_1.0.8.orig.tar.bz2" && cd fribidi-1.0.8
  # fribidi's config.sub (2019) does not know *-emscripten; pixman's (2022) does.
  mkdir -p ../aux-fribidi && tar xf "$SRC/pixman_0.42.2.orig.tar.gz" -C ../aux-fribidi pixman-0.42.2/config.sub pixman-0.42.2/config.guess
  cp ../aux-fribidi/pixman-0.42.2/config.sub ../aux-fribidi/pixman-0.42.2/config.guess .
  $N emconfigure ./configure --host=$HOST --prefix="$P" --disable-shared --enable-static \
    --disable-docs CFLAGS=-O2
  $N emmake make -C lib -j"$JOBS" && $N emmake make -C lib install && $N emmake make install-pkgconfigDATA
}
build_raqm() {   # one C file: compiled here as its configure would, with the features found in
  # FreeType 2.12 and HarfBuzz 6 (the same the native libraqm0 0.7.0 was built with)
  if [ -f "$SRC/raqm_0.7.0.orig.tar.gz" ]; then tar xf "$SRC/raqm_0.7.0.orig.tar.gz"
  else tar xf "$SRC/raqm_0.7.0.git-$RAQM_COMMIT.tar"; fi
  cd raqm-0.7.0/src
  sed -e 's/@RAQM_VERSION_MAJOR@/0/; s/@RAQM_VERSION_MINOR@/7/; s/@RAQM_VERSION_MICRO@/0/; s/@RAQM_VERSION@/0.7.0/' \
    raqm-version.h.in > raqm-version.h
  $N emcc -O2 -c raqm.c -o raqm.o -DHAVE_HB_FT_FONT_CREATE_REFERENCED=1 -DHAVE_HB_FT_FONT_SET_LOAD_FLAGS=1 \
    -DHAVE_HB_BUFFER_SET_INVISIBLE_GLYPH=1 -DHAVE_DECL_HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES=1 \
    -I"$P/include/harfbuzz" -I"$P/include/fribidi" -I"$P/include/freetype2"
  emar rcs "$P/lib/libraqm.a" raqm.o
  cp raqm.h raqm-version.h "$P/include/"
}

# ---- the cache key: the emscripten version, the pins, the patches and what the builds run
# (the functions above as bash prints them: their comments and the nice level are not part of
# it). A change of any of them builds a new prefix beside the old one.
emver=$(emcc --version | sed -nE '1s/.* ([0-9]+\.[0-9]+\.[0-9]+).*/\1/p')
key="deb12-emcc${emver}-$( { printf '%s\n' "${PKGS[@]}" "$RAQM_COMMIT" "$CXXEH" "$HOST"; declare -f step "${BUILDS[@]/#/build_}";
  cat "$HERE"/patches/*; } | sha256sum | cut -c1-12)"
KEYDIR=$CACHE/$key
P=$KEYDIR/prefix
if [ -f "$P/.complete" ]; then
  say "reusing $P"
  echo "$P"
  exit 0
fi
mkdir -p "$CACHE/src" "$KEYDIR"
exec 9>"$KEYDIR/.lock"
flock 9   # two builds of one key wait for each other; the second then reuses the first's prefix
if [ -f "$P/.complete" ]; then echo "$P"; exit 0; fi

# ---- sources: Debian's own, through apt-get source (a deb-src entry is added when there is none).
SRC=$CACHE/src
have_all() {
  local row name ver file sum
  for row in "${PKGS[@]}"; do
    read -r name ver file sum <<<"$row"
    [ -f "$SRC/$file" ] && echo "$sum  $SRC/$file" | sha256sum -c --quiet - >/dev/null 2>&1 || return 1
  done
}
if ! have_all; then
  if ! apt-cache showsrc cairo 2>/dev/null | grep -q '^Version: 1.16.0-7'; then
    say "adding a deb-src entry (/etc/apt/sources.list.d/attnlab-web-src.sources) for apt-get source"
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
      as_root tee /etc/apt/sources.list.d/attnlab-web-src.sources >/dev/null
    as_root apt-get update -qq
  fi
  for row in "${PKGS[@]}"; do
    read -r name ver file sum <<<"$row"
    if ! { [ -f "$SRC/$file" ] && echo "$sum  $SRC/$file" | sha256sum -c --quiet - >/dev/null 2>&1; }; then
      # A missing .diff or .debian file of a package whose upstream tarball came is no matter:
      # only the tarballs above are used (and cairo's Debian patches).
      (cd "$SRC" && apt-get source --download-only "$name=$ver" >&2) || true
    fi
  done
fi
if ! [ -f "$SRC/raqm_0.7.0.orig.tar.gz" ] && ! [ -f "$SRC/raqm_0.7.0.git-$RAQM_COMMIT.tar" ]; then
  # raqm's upstream release from its git tag v0.7.0 (the same source files as Debian's tarball:
  # src/raqm.c and its headers): from a clone when one is given, else the copy of those files in
  # tools/web/vendor/raqm-0.7.0 (tools/web/vendor/README says where it came from).
  if [ -n "${ATTNLAB_WEB_RAQM_GIT:-}" ]; then
    say "raqm's Debian source is not on the mirror: taking tag v0.7.0 ($RAQM_COMMIT) from $ATTNLAB_WEB_RAQM_GIT"
    git -C "$ATTNLAB_WEB_RAQM_GIT" archive --format=tar --prefix=raqm-0.7.0/ "$RAQM_COMMIT" src COPYING \
      > "$SRC/raqm_0.7.0.git-$RAQM_COMMIT.tar"
  else
    say "raqm's Debian source is not on the mirror: taking tag v0.7.0 ($RAQM_COMMIT) from tools/web/vendor"
    (cd "$HERE/vendor" && sha256sum -c --quiet raqm-0.7.0.sha256) ||
      { say "tools/web/vendor/raqm-0.7.0 differs from the pinned sha256 (raqm-0.7.0.sha256)"; exit 1; }
    tar -C "$HERE/vendor" -cf "$SRC/raqm_0.7.0.git-$RAQM_COMMIT.tar" raqm-0.7.0
  fi
fi
bad=()
for row in "${PKGS[@]}"; do
  read -r name ver file sum <<<"$row"
  [ "$file" = raqm_0.7.0.orig.tar.gz ] && [ ! -f "$SRC/$file" ] && [ -f "$SRC/raqm_0.7.0.git-$RAQM_COMMIT.tar" ] && continue
  echo "$sum  $SRC/$file" | sha256sum -c --quiet - >/dev/null 2>&1 || bad+=("$file ($name=$ver)")
done
if ((${#bad[@]})); then
  say "these pinned sources are missing or differ from their sha256: ${bad[*]}"
  say "(apt-get source needs a deb-src entry for bookworm)"
  exit 1
fi

# ---- the builds, each into $P, a log each in $KEYDIR/logs. Those that need nothing of each
# other run side by side (most of their time is configure scripts, one process each). A build
# that finished leaves logs/NAME.done and is not run again: an interrupted run resumes.
B=$KEYDIR/build
mkdir -p "$B" "$P" "$KEYDIR/logs"
export EM_PKG_CONFIG_PATH=$P/lib/pkgconfig:$P/share/pkgconfig   # emconfigure/emcmake replace PKG_CONFIG_PATH
t0=$(date +%s)
together() {   # together NAME…: the builds named, side by side; fails when one fails
  local b pids=() failed=0
  for b in "$@"; do
    [ -f "$KEYDIR/logs/$b.done" ] && continue
    (step "$b" "build_$b" && touch "$KEYDIR/logs/$b.done") &
    pids+=($!)
  done
  for b in "${pids[@]}"; do wait "$b" || failed=1; done
  return $failed
}
together zlib
together libpng yamlcpp fribidi pixman   # libpng needs zlib
together freetype                        # needs libpng
together cairo harfbuzz                  # cairo needs pixman and FreeType; HarfBuzz FreeType
together raqm                            # needs HarfBuzz, FriBiDi and FreeType
for b in "${BUILDS[@]}"; do [ -f "$KEYDIR/logs/$b.done" ] || { say "$b was not built"; exit 1; }; done
rm -rf "$B"
{ echo "key $key (emscripten $emver)"; printf '%s\n' "${PKGS[@]}"; echo "raqm git fallback $RAQM_COMMIT"; } > "$KEYDIR/versions.txt"
touch "$P/.complete"
say "all built in $(( $(date +%s) - t0 )) s into $P"
echo "$P"
