#!/usr/bin/env python3
"""The live page in a real browser: Debian's Chromium, headless, driven through its DevTools
protocol (tests/support/cdp.py), with real key presses and real mouse events (which the page
receives as pointer events). A scene's page exported as one file (`attnlab export SCENE -o
NAME.html --single-file`, the live page, the default) is opened offline from file:// at #/N; the
test steps with the keys, clicks a word, drags a key, clicks the temperature slider, toggles the
mask, undoes, runs an experiment and answers quiz questions, each checked against what the session
says (and the engine's mathematics: rows sum to 1, masked weights exactly 0), compares the canvas
of a step with the native `attnlab export --still` of it, and reloads to find the place and the
quiz kept. Then a deck's single file opens from file:// alone, its presenter window (S) shows the
step's speaker notes and turns the slides, and `--fallback` puts the recorded page inside, which
shows its pictures where WebAssembly is missing.

Without a web build it exits with SKIPPED, 77 (ctest counts that as skipped) unless ATTNLAB_WEB_REQUIRED=1,
as CI sets after building it; without Chromium it fails (tools/setup.sh installs it)."""
import argparse
import os
import pathlib
import sys
import tempfile
import time
import subprocess

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


def same_as_still(b, attnlab, deck, step, nofaces):
    """The page's canvas now against `attnlab export DECK --still STEP` at the page's size, drawn
    with DejaVu alone as the module draws: (mean difference, share of pixels off) (cdp.compare_png)."""
    shot = b.screenshot()
    still = os.path.join(tmp, "still-%d.png" % step)
    subprocess.run([attnlab, "export", deck, "--still", str(step), "--size", "%dx%d" % (W, H), "-o", still], check=True,
                   stdout=subprocess.DEVNULL, env=dict(os.environ, ATTNLAB_FALLBACK_FONTS=nofaces))
    with open(still, "rb") as f:
        return cdp.compare_png(shot, f.read())


def status(b):
    return b.eval("attnlab.status()")


def settle(b):
    """Waits until nothing moves and the canvas has what the session drew last."""
    b.wait_for("!attnlab.status().animating", "the step's animation ended")
    time.sleep(0.3)


def mouse(b, kind, x, y, buttons):
    b.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left" if kind != "mouseMoved" or buttons else "none",
                                        "buttons": buttons, "clickCount": 1 if kind != "mouseMoved" else 0})


def click(b, at):
    x, y = at[0] + 0.5, at[1] + 0.5
    mouse(b, "mouseMoved", x, y, 0)
    mouse(b, "mousePressed", x, y, 1)
    mouse(b, "mouseReleased", x, y, 0)


def row_ok(weights, focus, masked):
    total = sum(weights)
    ok = abs(total - 1.0) < 1e-12
    if masked:
        ok = ok and all(w == 0.0 for w in weights[focus + 1:])
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attnlab", required=True)
    ap.add_argument("--web-build", required=True)
    ap.add_argument("--source", required=True)
    args = ap.parse_args()
    cdp.find_chromium()  # fails loudly before anything else
    if not os.path.exists(os.path.join(args.web_build, "attnlab-web.wasm")):
        if os.environ.get("ATTNLAB_WEB_REQUIRED") == "1":
            print("FAIL  no web build at %s" % args.web_build)
            return 1
        print("live_page_test: skipped (exit %d): no web build at %s (build it with tools/web/build)" % (SKIPPED, args.web_build))
        return SKIPPED

    server = cdp.serve(args.web_build)
    # What a student is sent: the scene's live page as one file (`export --single-file`), opened
    # offline from file:// (the engine and the deck inside it); the keys, clicks, drags, the
    # slider, the mask, an experiment, the quiz and the reloads below all happen in it.
    one = os.path.join(tmp, "one-query-row.html")
    subprocess.run([args.attnlab, "export", os.path.join(args.source, "scenes", "one-query-row.yaml"), "-o", one, "--single-file"],
                   check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, ATTNLAB_WEB_MODULE=os.path.abspath(args.web_build)))
    base = pathlib.Path(one).as_uri()
    b = cdp.Browser(W, H)
    try:
        t0 = time.monotonic()
        b.call("Page.navigate", {"url": base + "#/7"})
        b.wait_for("window.attnlab && attnlab.frames > 0", "the first frame on the canvas")
        print("      first frame %.2f s after opening the single file from file://" % (time.monotonic() - t0))
        s = status(b)
        check(s["step"] == 7 and s["title"].startswith("Blend"), "#/7 opens step 7 (%s)" % s["title"])
        check(b.eval("document.getElementById('alt').textContent").startswith(s["title"]),
              "the canvas's text alternative is the step's title and narration")

        # The step's end on the canvas equals the native export of that step (counter hidden: H).
        b.key("h")
        settle(b)
        nofaces = os.path.join(tmp, "no-fallback-fonts")
        os.makedirs(nofaces, exist_ok=True)
        mean, off = same_as_still(b, args.attnlab, os.path.join(args.source, "scenes/one-query-row.yaml"), 7, nofaces)
        check(mean < 0.5 and off < 0.001, "the canvas at step 7 is the native still (mean difference %.3f, %.4f%% of pixels off)"
              % (mean, 100 * off))

        b.key("ArrowRight")
        b.wait_for("attnlab.status().step === 8 && location.hash === '#/8'", "→ goes to step 8 and the address follows")
        b.key("ArrowLeft")
        b.wait_for("attnlab.status().step === 7", "← goes back to step 7")
        settle(b)
        check(location_step(b) == 7, "the address says #/7 again")

        # A word clicked asks.
        click(b, b.eval("attnlab.where('token', 1)"))
        b.wait_for("attnlab.status().word === 'cat'", "a click on cat makes it ask")
        s = status(b)
        check(row_ok(s["weights"], s["focus"], False), "cat's weights sum to 1")

        # The mouse's key dragged up and to the right: it moves that way, and the weights follow.
        before = status(b)
        at = b.eval("attnlab.where('key', 4)")
        mouse(b, "mouseMoved", at[0] + 0.5, at[1] + 0.5, 0)
        mouse(b, "mousePressed", at[0] + 0.5, at[1] + 0.5, 1)
        for i in range(1, 7):
            mouse(b, "mouseMoved", at[0] + 0.5 + 8 * i, at[1] + 0.5 - 6 * i, 1)
            time.sleep(0.03)
        mouse(b, "mouseReleased", at[0] + 0.5 + 48, at[1] + 0.5 - 36, 0)
        time.sleep(0.3)
        after = status(b)
        moved = after["keys"][4]
        was = before["keys"][4]
        check(moved[0] > was[0] and moved[1] > was[1], "the dragged key moved right and up: %s → %s" % (was, moved))
        check(after["weights"] != before["weights"] and row_ok(after["weights"], after["focus"], False),
              "the weights changed with it and still sum to 1")
        others = all(after["keys"][j] == before["keys"][j] for j in range(len(before["keys"])) if j != 4)
        check(others, "no other key moved")

        # The slider at its T = 0.5 detent, the mask switch.
        click(b, b.eval("attnlab.where('slider', 2)"))
        b.wait_for("attnlab.status().temperature === 0.5", "a click on the slider's ½ sets T = 0.5")
        click(b, b.eval("attnlab.where('mask', 0)"))
        b.wait_for("attnlab.status().mask === true", "a click on the switch turns the mask on")
        settle(b)
        s = status(b)
        check(row_ok(s["weights"], s["focus"], True), "with the mask on, the later words' weights are exactly 0 and the row sums to 1")

        # Undo (Ctrl+Z) takes the mask back off; an experiment runs; a quiz question is answered.
        b.call("Input.dispatchKeyEvent", {"type": "keyDown", "key": "z", "code": "KeyZ", "windowsVirtualKeyCode": 90, "modifiers": 2})
        b.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": "z", "code": "KeyZ", "windowsVirtualKeyCode": 90, "modifiers": 2})
        b.wait_for("attnlab.status().mask === false", "Ctrl+Z undoes the mask")
        b.key("e")
        b.key("1")
        b.wait_for("attnlab.status().experiment === 0", "E then 1 runs the first experiment")
        b.key("0")
        b.wait_for("attnlab.status().experiment === -1", "0 ends it")
        b.key("c")
        b.wait_for("attnlab.status().quiz.open", "C opens the quiz")
        b.key("2")
        b.wait_for("attnlab.status().quiz.revealed && attnlab.status().quiz.picked === 1", "2 picks the second choice and reveals the answer")

        # The quiz is kept: on the next question, a reload opens the same quiz at the same question
        # of the same attempt, the first answer counted.
        b.key("ArrowRight")
        b.wait_for("attnlab.status().quiz.index === 1 && !attnlab.status().quiz.revealed", "→ the next question")
        before = status(b)["quiz"]
        check(before["right"] + before["wrong"] == 1, "one question answered (%s)" % before)
        b.call("Page.navigate", {"url": base})
        b.wait_for("window.attnlab && attnlab.frames > 0", "the page reloaded")
        s = status(b)
        check(s["step"] == 7 and s["quiz"] == before,
              "a reload opens step 7 with the quiz as it was left: %s (was %s)" % (s["quiz"], before))

        # The place is kept: a reload opens the same step; the quiz closed keeps its score.
        settle(b)  # the step's opening animation over (→ during it finishes it)
        b.key("Escape")
        b.key("ArrowRight")
        b.wait_for("attnlab.status().step === 8 && location.hash === '#/8'", "→ to step 8")
        closed = status(b)["quiz"]
        b.call("Page.navigate", {"url": base})
        b.wait_for("window.attnlab && attnlab.frames > 0 && attnlab.status().step === 8", "a reload without #/N opens the kept step 8")
        s = status(b)
        check(not s["quiz"]["open"] and s["quiz"] == closed, "the closed quiz is kept with its score: %s" % s["quiz"])
        # A memory that is not a quiz's (an edit slipped into local storage) is refused and forgotten.
        b.eval("localStorage.setItem(Object.keys(localStorage).find(k => k.endsWith(':quiz')), '0 goto 3\\n0 reset\\n'), 1")
        b.call("Page.navigate", {"url": base})
        b.wait_for("window.attnlab && attnlab.frames > 0 && attnlab.status().step === 8", "reloaded once more")
        s = status(b)
        check(s["quiz"]["attempt"] == -1 and s["step"] == 8, "a stored text that is no quiz's memory changes nothing: %s" % s["quiz"])

        # `attnlab export DECK -o NAME.html --single-file` (the live page, the default): tests/data/web's deck and scene in one file,
        # opened from file:// with no server (the engine inflated from inside the page), stepped,
        # and its canvas at step 3 against the native still of that deck's step 3.
        data = os.path.join(args.source, "tests", "data", "web")
        page = os.path.join(tmp, "own deck #1.html")
        subprocess.run([args.attnlab, "export", os.path.join(data, "deck.yaml"), "-o", page, "--single-file"], check=True,
                       env=dict(os.environ, ATTNLAB_WEB_MODULE=os.path.abspath(args.web_build)))
        size = os.path.getsize(page)
        check(size < 8e6, "the live page is one file of %.2f MB (under 8 MB)" % (size / 1e6))
        b.call("Page.navigate", {"url": pathlib.Path(page).as_uri() + "#/3"})
        b.wait_for("window.attnlab && attnlab.frames > 0", "the exported live page drew its first frame from file://")
        s = status(b)
        check(s["step"] == 3 and s["steps"] == 5, "the exported page opened its own deck at step 3 of its 5 (%s of %s)"
              % (s["step"], s["steps"]))
        b.key("h")
        settle(b)
        mean, off = same_as_still(b, args.attnlab, os.path.join(data, "deck.yaml"), 3, nofaces)
        check(mean < 0.5 and off < 0.001, "its canvas at step 3 is the native still (mean difference %.3f, %.4f%% of pixels off)"
              % (mean, 100 * off))
        b.key("ArrowRight")
        b.wait_for("attnlab.status().step === 4", "→ steps the exported page")
        b.key("ArrowLeft")
        b.wait_for("attnlab.status().step === 3", "← back to step 3")
        presenter_view(b)
        fallback_page(b, args, data)
    finally:
        b.close()
        server.shutdown()
    if failures:
        print("%d failed" % len(failures))
        return 1
    print("live_page_test: all passed")
    return 0


def presenter_view(b):
    """S opens the presenter window (a page the live page writes itself, here from file://): the
    step, its speaker notes as tests/data/web/scene.yaml has them, the next step, the talk timer;
    → pressed in that window turns the main page, and both follow; S again closes it."""
    b.key("r", shift=True)  # the talk timer back to 0:00, waiting for the next →
    b.key("s")
    b.wait_for("attnlab.presenter && !attnlab.presenter.closed && attnlab.presenter.document.getElementById('notes')"
               " && attnlab.presenter.document.getElementById('notes').textContent !== ''", "S opens the presenter window")
    shown = ("(() => { const d = attnlab.presenter.document, t = (id) => d.getElementById(id).textContent;"
             " return {now: t('now'), next: t('next'), notes: t('notes'), elapsed: t('elapsed'), clock: t('clock'),"
             " timer: t('timer')}; })()")
    p = b.eval(shown)
    check(p["now"].startswith("now · 3 / 5 · "), "the presenter window says the step: %r" % p["now"])
    check("Point at the bars." in p["notes"], "it shows step 3's speaker notes from the scene: %r" % p["notes"])
    check(p["next"].startswith("next · 4 / 5 · ") and len(p["next"]) > len("next · 4 / 5 · "),
          "and the next step's title: %r" % p["next"])
    check(p["elapsed"] == "elapsed 0:00" and "first →" in p["timer"] and len(p["clock"]) == 5,
          "the talk timer waits for the first → (%r, %r), beside the clock %r" % (p["elapsed"], p["timer"], p["clock"]))
    # The presenter window is a target of its own, opened by the page: keys pressed there.
    popup = next(t for t in b.call("Target.getTargets", session=False)["targetInfos"]
                 if t["type"] == "page" and t.get("openerId"))
    main_session = b.session
    b.session = b.call("Target.attachToTarget", {"targetId": popup["targetId"], "flatten": True}, session=False)["sessionId"]
    try:
        b.key("ArrowRight")
        time.sleep(0.5)
        with open(os.path.join(tmp, "presenter.png"), "wb") as f:
            f.write(b.screenshot())
    finally:
        b.session = main_session
    b.wait_for("attnlab.status().step === 4", "→ in the presenter window turns the main page to step 4")
    b.wait_for("attnlab.presenter.document.getElementById('notes').textContent.includes('The diamond never leaves')",
               "the presenter's notes follow to step 4's")
    p = b.eval(shown)
    check(p["now"].startswith("now · 4 / 5 · ") and p["timer"] == "", "its step follows (%r) and the talk timer runs" % p["now"])
    check(p["next"].startswith("next · 5 / 5 · "), "its next step follows: %r" % p["next"])
    settle(b)
    with open(os.path.join(tmp, "live-page.png"), "wb") as f:
        f.write(b.screenshot())
    b.key("s")
    b.wait_for("attnlab.presenter.closed", "S again closes the presenter window")
    print("      screenshots: %s, %s" % (os.path.join(tmp, "presenter.png"), os.path.join(tmp, "live-page.png")))


def fallback_page(b, args, data):
    """--fallback: the live page carries the recorded one; where WebAssembly is missing (deleted
    before the page's scripts run) the recorded page shows instead, with its pictures, at the same
    step; with WebAssembly the same file runs live."""
    page = os.path.join(tmp, "fallback #2.html")
    subprocess.run([args.attnlab, "export", os.path.join(data, "deck.yaml"), "-o", page, "--fallback", "--single-file",
                    "--size", "640x360", "--fps", "10"], check=True,
                   env=dict(os.environ, ATTNLAB_WEB_MODULE=os.path.abspath(args.web_build)))
    url = pathlib.Path(page).as_uri() + "#/3"
    script = b.call("Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.WebAssembly;"})["identifier"]
    b.call("Page.navigate", {"url": "about:blank"})
    b.call("Page.navigate", {"url": url})
    b.wait_for("typeof WebAssembly === 'undefined' && !!document.getElementById('attnlab-data')"
               " && !!document.getElementById('picture') && document.getElementById('picture').complete"
               " && document.getElementById('picture').naturalWidth > 0",
               "without WebAssembly, the recorded page shows its picture in the live page's place")
    check(b.eval("!document.getElementById('deck') && document.getElementById('counter').textContent.includes('3')"),
          "the fallback is the recorded page at step 3 (%r), no canvas" % b.eval("document.getElementById('counter').textContent"))
    time.sleep(0.5)
    with open(os.path.join(tmp, "fallback.png"), "wb") as f:
        f.write(b.screenshot())
    b.wait_for("document.getElementById('stage').dataset.playing === '0'", "the step's clip ended")
    b.key("ArrowRight")
    b.wait_for("location.hash === '#/4'", "its keys turn its steps")
    b.call("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
    b.call("Page.navigate", {"url": "about:blank"})
    b.call("Page.navigate", {"url": url})
    b.wait_for("window.attnlab && attnlab.frames > 0 && !!document.getElementById('deck')",
               "with WebAssembly the same file runs the deck live")
    check(status(b)["step"] == 3, "at step 3")
    print("      fallback screenshot: %s" % os.path.join(tmp, "fallback.png"))


def location_step(b):
    return int(b.eval("location.hash").lstrip("#/") or 0)


if __name__ == "__main__":
    tmp = tempfile.mkdtemp(prefix="attnlab-live-page-")
    sys.exit(main())
