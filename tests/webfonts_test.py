#!/usr/bin/env python3
"""Text in Chinese, Hindi and Arabic in the live page, as natively: `attnlab export
tests/data/scripts/deck.yaml -o PAGE.html --live` carries the Noto faces the deck's text is drawn
with, subset to its characters (engine/output/page_fonts.cpp); the page, opened from file:// in
headless Chromium (tests/support/cdp.py), draws every step as `attnlab export --still` does with
the whole faces, within the pixel goldens' tolerance. The native still itself has no empty boxes:
`attnlab check` finds a face for every character, and a still drawn without the fallback faces
differs from it far more than the page does.

Without a web build it exits with SKIPPED, 77 (ctest counts that as skipped) unless ATTNLAB_WEB_REQUIRED=1;
without Chromium it fails (tools/setup.sh installs it)."""
import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import cdp  # noqa: E402

W, H = 1280, 720
# The exit code ctest counts as skipped (tests/CMakeLists.txt: ATTNLAB_TEST_SKIPPED, the Automake
# convention): returned before anything is tested, never after a failure.
SKIPPED = 77
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


def still(attnlab, deck, step, out, env=None):
    subprocess.run([attnlab, "export", deck, "--still", str(step), "--size", "%dx%d" % (W, H), "-o", out], check=True,
                   stdout=subprocess.DEVNULL, env=env)
    with open(out, "rb") as f:
        return f.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attnlab", required=True)
    ap.add_argument("--web-build", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--out", required=True, help="where the screenshots and stills are kept to look at")
    args = ap.parse_args()
    cdp.find_chromium()
    if not os.path.exists(os.path.join(args.web_build, "attnlab-web.wasm")):
        if os.environ.get("ATTNLAB_WEB_REQUIRED") == "1":
            print("FAIL  no web build at %s" % args.web_build)
            return 1
        print("webfonts_test: skipped (exit %d): no web build at %s (build it with tools/web/build)" % (SKIPPED, args.web_build))
        return SKIPPED
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    tmp = tempfile.mkdtemp(prefix="attnlab-webfonts-")
    deck = os.path.join(args.source, "tests", "data", "scripts", "deck.yaml")

    # The deck natively: a face for every character (check warns of any it has none for).
    r = subprocess.run([args.attnlab, "check", deck], capture_output=True, text=True)
    check(r.returncode == 0 and r.stderr == "", "attnlab check finds a face for every character of the deck%s"
          % ("" if r.stderr == "" else ": " + r.stderr.strip()))

    page = os.path.join(tmp, "scripts.html")
    r = subprocess.run([args.attnlab, "export", deck, "-o", page, "--live"], capture_output=True, text=True,
                       env=dict(os.environ, ATTNLAB_WEB_MODULE=os.path.abspath(args.web_build)))
    print("      " + r.stderr.strip())
    check(r.returncode == 0 and "the fallback faces" in r.stderr, "the live page carries the fallback faces")
    nofaces = os.path.join(tmp, "no-fallback-fonts")
    os.makedirs(nofaces)
    b = cdp.Browser(W, H)
    try:
        b.call("Page.navigate", {"url": pathlib.Path(page).as_uri() + "#/1"})
        b.wait_for("window.attnlab && attnlab.frames > 0", "the live page drew its first frame from file://")
        steps = b.eval("attnlab.status().steps")
        check(steps == 4, "the page opened the deck's 4 steps (%s)" % steps)
        b.key("h")  # the step counter hidden, as in an export
        for step in range(1, steps + 1):
            if step > 1:
                b.key("ArrowRight")
                b.wait_for("attnlab.status().step === %d" % step, "→ to step %d" % step)
            b.wait_for("!attnlab.status().animating", "step %d's animation ended" % step)
            time.sleep(0.3)
            shot = b.screenshot()
            with open(os.path.join(args.out, "page-%d.png" % step), "wb") as f:
                f.write(shot)
            native = still(args.attnlab, deck, step, os.path.join(args.out, "native-%d.png" % step))
            boxes = still(args.attnlab, deck, step, os.path.join(args.out, "dejavu-%d.png" % step),
                          env=dict(os.environ, ATTNLAB_FALLBACK_FONTS=nofaces))
            mean, off = cdp.compare_png(shot, native)
            box_mean, box_off = cdp.compare_png(boxes, native)
            check(mean < 0.5 and off < 0.001, "step %d in the page is the native still (mean difference %.3f, %.4f%% of pixels off)"
                  % (step, mean, 100 * off))
            # The still without the fallback faces (their text as empty boxes) is far from it:
            # the tolerance above does not hide missing glyphs.
            check(box_off > 0 and off * 20 <= box_off, "step %d without the fallback faces is %.4f%% of pixels off, the page %.4f%%"
                  % (step, 100 * box_off, 100 * off))
    finally:
        b.close()
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print("%d failed" % len(failures))
        return 1
    print("webfonts_test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
