#!/usr/bin/env python3
"""The recorded lecture page (`attnlab export DECK -o NAME.html --recorded`) in a real browser: Debian's Chromium,
headless, driven through its DevTools protocol (tests/support/cdp.py). Presses the app's keys and
checks that the step counter, the visible SVG, the URL and the clip follow; the back button; the
scrubber and the speed; "Try this"; a quiz drawn as the app draws it, answered, its score kept
and the place remembered across a reload; the presenter view following the page; a screenshot of
a step against the same step's PNG export; an accessibility check; the single file opening with
no request but itself; the folder served by a static web server.

Fails (never skips) when Chromium is missing: tools/setup.sh installs it."""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import cdp  # noqa: E402

W, H, FPS = 640, 360, 15
STEPS = 5  # tests/data/web/deck.yaml: a title slide, three steps of a scene, a text slide

failures = []


def check(ok, what):
    if ok:
        print("ok   " + what)
    else:
        print("FAIL " + what)
        failures.append(what)
    return ok


def export(args, deck, *rest):
    cmd = [args.attnlab, "export", deck, "--size", "%dx%d" % (W, H), "--fps", str(FPS)] + list(rest)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr))


def shown(b):
    """What the page shows: counter, hash, picture, clip, mode."""
    return b.eval("""(() => { const v = document.getElementById('clip'), p = document.getElementById('picture');
      return {counter: document.getElementById('counter').textContent, hash: location.hash,
              picture: p.currentSrc || p.src, loaded: p.complete && p.naturalWidth, clip: v.currentSrc,
              playing: document.getElementById('stage').dataset.playing, videoShown: !v.hidden,
              mode: window.attnlab.mode, trial: window.attnlab.trial, say: document.getElementById('say').textContent}; })()""")


def wait_step(b, n, name=None):
    """Waits until step n (1-based) is shown and its picture loaded, then checks counter, hash, SVG, clip."""
    b.wait_for("document.getElementById('counter').textContent === '%d / %d' && location.hash === '#/%d'"
               " && document.getElementById('picture').complete" % (n, STEPS, n), "step %d shown" % n)
    s = shown(b)
    stem = "step-%03d" % n
    check(s["picture"].endswith(stem + ".svg") and s["loaded"] == W, "%s: the SVG of step %d is shown (%s)"
          % (name or "step %d" % n, n, s["picture"][-40:]))
    # The clip follows: its WebM (VP9, offered first) is loaded and plays, or has played to its end.
    b.wait_for("(() => { const v = document.getElementById('clip'); return v.currentSrc.endsWith('%s.webm') &&"
               " (v.currentTime > 0 || v.ended); })()" % stem, "the clip of step %d plays" % n)
    check(True, "%s: the clip %s.webm plays" % (name or "step %d" % n, stem))
    return s


def wait_settled(b):
    b.wait_for("document.getElementById('stage').dataset.playing === '0' && document.getElementById('clip').hidden",
               "the clip ended and the SVG shows")


# The help's key labels (app/bindings' chord_label) as KeyboardEvent.key names.
NAMED = {"Space": " ", "Enter": "Enter", "Esc": "Escape", "Backspace": "Backspace", "←": "ArrowLeft",
         "→": "ArrowRight", "↑": "ArrowUp", "↓": "ArrowDown", "PageUp": "PageUp", "PageDown": "PageDown",
         "Home": "Home", "End": "End", "F1": "F1", "−": "-"}


def key_names(label):
    mods = ""
    for prefix in ("Ctrl+", "Alt+", "Shift+"):
        if label.startswith(prefix) and len(label) > len(prefix):
            mods += prefix
            label = label[len(prefix):]
    if "–" in label and len(label) == 3:  # a range: "1–9", "A–D" (letters as a page names them: "a")
        return [mods + chr(c).lower() for c in range(ord(label[0]), ord(label[2]) + 1)]
    if label in NAMED:
        return [mods + NAMED[label]]
    if len(label) == 1:
        return [mods + label.lower()]
    return [mods + "?unknown " + label]


def check_help(b):
    """The help lists exactly the page's keys: each key it names is in the page's key table, in its
    section's layer, for an action the page does; every key of the table is in the help; and no line
    speaks of what a page lacks (the laser, F11, key editing, the temperature, the mask)."""
    rows = b.eval("[...document.querySelectorAll('#help-table tr')].filter((tr) => tr.dataset.layer)"
                  ".map((tr) => [tr.dataset.layer, tr.cells[0].textContent, tr.cells[1].textContent])")
    table = b.eval("attnlab.data.keys")
    actions = set(b.eval("attnlab.actions"))
    listed, bad = set(), []
    for layer, label, help_text in rows:
        for part in label.split(" / "):
            for token in part.split(" "):
                for name in key_names(token):
                    listed.add((layer, name))
                    row = next((k for k in table if k["layer"] == layer and name in k["keys"]), None)
                    if layer == "window":
                        # The window's keys (and the live page's), listed as such: the page takes
                        # none of them on its slides (pressed, they do nothing here).
                        slides = next((k for k in table if k["layer"] == "slides" and name in k["keys"]), None)
                        if row is None or row["action"] or slides is not None:
                            bad.append("window %r (%s)" % (name, label))
                    elif row is None or row["action"] not in actions:
                        bad.append("%s %r (%s)" % (layer, name, label))
        if layer == "window":
            continue
        for word in ("laser", "F11", "F12", "edit", "temperature", "mask", "quit", "set the key"):
            if word.lower() in help_text.lower():
                bad.append("%s: %r speaks of %s" % (label, help_text, word))
    check(rows and not bad, "every key the help lists is one the page takes and acts on (%d lines) %s" % (len(rows), bad or ""))
    missing = ["%s %r" % (k["layer"], name) for k in table for name in k["keys"] if (k["layer"], name) not in listed]
    check(not missing, "every key of the page is in its help %s" % (missing or ""))
    window = [r for r in rows if r[0] == "window"]
    check(any("Shift+H" in label and "the next head" in help_text for _, label, help_text in window),
          "the help lists Shift+H (the next head) as the window's and the live page's (%d such lines)" % len(window))

# An automated check of the most serious accessibility rules (axe-core is not a Debian package):
# the page's language, a title, landmarks, a name for every image, button, field and dialog,
# text contrast of at least 4.5:1 (3:1 for large text), and a visible focus ring.
A11Y = r"""(() => {
  const out = [];
  const visible = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const name = (e) => (e.getAttribute('aria-label') || e.getAttribute('alt') || e.textContent || '').trim() ||
    (e.id && document.querySelector('label[for="' + e.id + '"]') ? 'label' : '') ||
    (e.getAttribute('aria-labelledby') ? (document.getElementById(e.getAttribute('aria-labelledby')) || {}).textContent : '');
  if (!(document.documentElement.lang || '').trim()) out.push('html has no lang');
  if (!document.title.trim()) out.push('no document title');
  if (!document.querySelector('main')) out.push('no main landmark');
  if (!document.querySelector('header[role=banner], header')) out.push('no banner landmark');
  for (const e of document.querySelectorAll('img')) if (e.getAttribute('alt') === null || (visible(e) && !e.alt.trim()))
    out.push('image without a name: ' + (e.id || e.src.slice(-30)));
  for (const e of document.querySelectorAll('button, [role=button]')) if (!name(e)) out.push('button without a name: ' + e.outerHTML.slice(0, 80));
  for (const e of document.querySelectorAll('input, select, textarea')) if (!name(e)) out.push('field without a label: ' + e.id);
  for (const e of document.querySelectorAll('[role=dialog]')) if (!name(e)) out.push('dialog without a name: ' + e.id);
  const rgb = (c) => (c.match(/[\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const background = (e) => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c.slice(0, 3); } return [255, 255, 255]; };
  for (const e of document.querySelectorAll('body *')) {
    if (!visible(e) || ![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const s = getComputedStyle(e), fg = lum(rgb(s.color)), bg = lum(background(e));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    const large = parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.66 && Number(s.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) out.push('contrast ' + ratio.toFixed(2) + ' of ' + (e.id || e.tagName) + ': ' + e.textContent.trim().slice(0, 30));
  }
  return out;
})()"""


# Narration a lecture about HTML may well have: a comment's start and a script element (together
# they keep a script element open to the page's end unless the page's JSON escapes '<'), and the
# line separators older JavaScript ends a line at.
HTML_SAY = "An HTML comment starts with <!-- and a script with <script>; </script> ends it & that\u2028is\u2029all."
NAMES_DECK = """version: 1
deck: names
title: Names & <tags>
slides:
  - title: A lecture about HTML
    say: "%s"
""" % HTML_SAY.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def check_names(args, out, b):
    """A page named with a URL's special characters renders, and narration with "<!--" and
    "<script>" shows as text: the page's folder is percent-encoded in every URL and its JSON
    escapes '<', '>', '&' and the line separators."""
    os.makedirs(os.path.join(out, "names"))
    deck = os.path.join(out, "names/deck.yaml")
    with open(deck, "w", encoding="utf-8") as f:
        f.write(NAMES_DECK)
    for name in ("lecture #3.html", "c?d.html", "e%41f.html", 'g"h.html'):
        page = os.path.join(out, "names", name)
        export(args, deck, "-o", page, "--recorded")
        # Not b.navigate: it waits for window.attnlab, which a blank page never has.
        b.call("Page.navigate", {"url": "about:blank"})
        b.wait_for("location.href === 'about:blank'", "a blank page between pages")
        b.call("Page.navigate", {"url": pathlib.Path(page).as_uri()})
        try:
            b.wait_for("document.getElementById('counter')?.textContent === '1 / 1' &&"
                       " document.getElementById('picture').complete &&"
                       " document.getElementById('picture').naturalWidth === %d" % W, "%s shows its step" % name,
                       limit=20.0)
            ok = True
        except AssertionError as e:  # a blank page: the data or the script never arrived
            print("     %s" % e)
            ok = False
        check(ok, "the page %s renders: its step and its picture" % name)
        if ok:
            check(shown(b)["say"] == HTML_SAY, "%s: the narration with <!-- and <script> is its text" % name)
            check(b.eval("!!document.querySelector('link[rel=stylesheet]').sheet"), "%s: its style sheet loaded" % name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attnlab", required=True)
    ap.add_argument("--quiz-draws", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--only", choices=["names"], help="run one part only")
    args = ap.parse_args()
    cdp.find_chromium()  # fails loudly before anything else

    out = args.out
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    if args.only == "names":
        b = cdp.Browser()
        try:
            check_names(args, out, b)
        finally:
            b.close()
        return report(out)
    deck = os.path.join(args.source, "tests/data/web/deck.yaml")
    export(args, deck, "-o", os.path.join(out, "site") + "/", "--format", "html", "--recorded")
    os.makedirs(os.path.join(out, "single"))
    export(args, deck, "-o", os.path.join(out, "single/lecture.html"), "--single-file", "--recorded")
    export(args, deck, "--still", "2", "-o", os.path.join(out, "step-002.png"))
    check(sorted(os.listdir(os.path.join(out, "single"))) == ["lecture.html"], "--single-file writes one file")

    site = "file://" + os.path.join(out, "site/index.html")
    b = cdp.Browser()
    try:
        # ---- the keys, the counter, the SVG, the URL and the clip
        b.navigate(site)
        wait_step(b, 1, "opened")
        check(shown(b)["say"] == "This lecture opens in any browser.", "the narration is text under the picture")
        for key, n in (("ArrowRight", 2), (" ", 3), ("PageDown", 4), ("End", 5), ("Home", 1), ("ArrowLeft", 1),
                       ("ArrowDown", 2), ("PageUp", 1)):
            wait_settled(b)  # a running animation completes on → first, as in the app
            b.key(key)
            wait_step(b, n, "after %r" % key)
        b.key("3")
        check(b.eval("!document.getElementById('goto').hidden"), "a digit starts typing a step number")
        b.key("Enter")
        wait_step(b, 3, "3 Enter")
        # A stray digit never takes the arrows: → ends the prompt and turns the slide.
        wait_settled(b)
        b.key("2")
        b.key("ArrowRight")
        wait_step(b, 4, "a stray 2, then →")
        check(b.eval("document.getElementById('goto').hidden"), "→ ended the prompt")
        # A number past the end says so and stays.
        b.key("9")
        b.key("9")
        b.key("Enter")
        check(b.eval("document.getElementById('goto').textContent.indexOf('No step 9') === 0"),
              "an out-of-range step number says so")
        wait_step(b, 4, "9 9 Enter stays")
        b.key("Home")
        wait_step(b, 1, "Home")
        b.key("3")
        b.key("Enter")
        wait_step(b, 3, "3 Enter")
        b.eval("history.back()")
        wait_step(b, 1, "the back button")
        b.eval("history.forward()")
        wait_step(b, 3, "the forward button")
        # A swipe on the picture: to the left, the next step; to the right, back.
        b.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        box = b.eval("(() => { const r = document.getElementById('stage').getBoundingClientRect();"
                     " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for dx, n in ((-200, 4), (200, 3)):
            wait_settled(b)
            b.call("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": box[0], "y": box[1]}]})
            b.call("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": box[0] + dx / 2, "y": box[1]}]})
            b.call("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": box[0] + dx, "y": box[1]}]})
            b.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            wait_step(b, n, "a swipe %s" % ("left" if dx < 0 else "right"))
        b.call("Emulation.setTouchEmulationEnabled", {"enabled": False})
        # → while the clip runs completes it (the SVG of the same step shows), a second → moves on.
        b.key("r")
        b.wait_for("document.getElementById('stage').dataset.playing === '1'", "R replays the clip")
        check(True, "R replays the clip")
        b.key("ArrowRight")
        s = shown(b)
        check(s["counter"] == "3 / 5" and not s["videoShown"], "→ during the clip completes it first")
        # The scrubber and the speed.
        b.eval("(() => { const s = document.getElementById('scrub'); s.value = 500; s.dispatchEvent(new Event('input')); })()")
        b.wait_for("(() => { const v = document.getElementById('clip'); return !v.hidden && v.paused &&"
                   " Math.abs(v.currentTime / v.duration - 0.5) < 0.05; })()", "the scrubber seeks the clip")
        check(True, "the scrubber seeks the clip to its middle, paused")
        b.key("]")
        check(b.eval("document.getElementById('speed').value === '1.25' && document.getElementById('clip').playbackRate === 1.25"),
              "] plays faster (1.25×)")
        b.key("[")
        b.key("[")
        check(b.eval("document.getElementById('clip').playbackRate") == 0.75, "[ plays slower")
        # Help and overview.
        b.key("?")
        check(b.eval("window.attnlab.mode") == "help" and
              b.eval("document.getElementById('help-table').textContent.includes('next (a running animation completes first)')"),
              "? opens the help, with the app's key table's lines")
        check_help(b)
        b.key("Escape")
        check(b.eval("window.attnlab.mode") == "slides", "Esc closes the help")
        before = shown(b)
        b.key("h", shift=True)
        check(shown(b)["hash"] == before["hash"] and b.eval("window.attnlab.mode") == "slides",
              "Shift+H (the window's next head) does nothing in the page of pictures")
        b.key("o")
        check(b.eval("window.attnlab.mode") == "overview" and b.eval("document.querySelectorAll('#overview-grid img').length") == STEPS,
              "O opens the overview with every step")
        b.key("ArrowRight")
        b.key("Enter")
        wait_step(b, 4, "overview → Enter")

        # ---- "Try this": the experiment's own picture and clip, from its step and from another step of its scene
        b.key("e")
        check(b.eval("window.attnlab.mode") == "menu" and b.eval("document.querySelectorAll('#try-list button').length") == 2,
              "E opens the \"Try this\" menu with the scene's two experiments")
        b.key("2")
        b.wait_for("document.getElementById('picture').src.endsWith('try-004-02.svg') &&"
                   " document.getElementById('clip').currentSrc.endsWith('try-004-02.webm')", "experiment 2 shown")
        check("Cold" in b.eval("document.getElementById('trial-title').textContent"), "experiment 2 shows its picture, clip and title")
        b.key("Escape")
        b.wait_for("document.getElementById('picture').src.endsWith('step-004.svg') && window.attnlab.trial === -1",
                   "Esc ends the experiment")
        check(True, "Esc ends the experiment: back to the step's picture")
        b.key("ArrowLeft")
        wait_step(b, 3)
        b.key("x")
        b.key("1")
        b.wait_for("document.getElementById('counter').textContent === '4 / 5' && location.hash === '#/4' &&"
                   " document.getElementById('picture').src.endsWith('try-004-01.svg') && window.attnlab.trial === 0 &&"
                   " document.getElementById('clip').currentSrc.endsWith('try-004-01.webm')", "experiment 1 from step 3")
        check(True, "an experiment is reachable from every step of its scene")
        b.key("0")
        b.wait_for("window.attnlab.trial === -1", "0 ends the experiment")

        # ---- the quiz: the page draws as the app draws
        expected = json.loads(subprocess.run([args.quiz_draws], capture_output=True, text=True, check=True).stdout)
        got = b.eval("JSON.stringify(%s.map(([s, d, a, seed]) => attnlab.drawAttempt(s, d, a, BigInt(seed))))"
                     % json.dumps([e[:4] for e in expected["draws"]]))
        check(json.loads(got) == [e[4] for e in expected["draws"]], "the page draws the app's questions (%d draws)" % len(expected["draws"]))
        got = b.eval("JSON.stringify(%s.map(([n, q, a, seed]) => attnlab.choiceOrder(n, q, a, BigInt(seed))))"
                     % json.dumps([e[:4] for e in expected["choices"]]))
        check(json.loads(got) == [e[4] for e in expected["choices"]], "the page orders the app's choices (%d orders)" % len(expected["choices"]))
        got = b.eval("JSON.stringify(%s.map(([m, a, seed]) => attnlab.retryOrder(m, a, BigInt(seed))))"
                     % json.dumps([e[:3] for e in expected["retries"]]))
        check(json.loads(got) == [e[3] for e in expected["retries"]], "the page orders a retry as the app does")

        # Answer attempt 0 (seed 1): the first question right, the second wrong (or "I didn't").
        b.key("c")
        check(b.eval("window.attnlab.mode") == "quiz", "C opens the quiz")
        order = b.eval("attnlab.drawAttempt(3, 2, 0, 1n)")
        bank = b.eval("attnlab.data.quizzes[0].questions")
        for k, q in enumerate(order):
            question = bank[q]
            check(b.eval("document.getElementById('quiz-ask').textContent") == question["ask"],
                  "question %d is the one the app asks first-attempt at seed 1" % (k + 1))
            if question["choices"]:
                shown_order = b.eval("attnlab.choiceOrder(%d, %d, 0, 1n)" % (len(question["choices"]), q))
                right = shown_order.index(question["correct"]) + 1
                b.key(str(right if k == 0 else (right % len(shown_order)) + 1))
                b.key(" ")
            else:
                b.key(" ")
                b.key("h" if k == 0 else "n")
            b.wait_for("!document.getElementById('quiz-answer').hidden", "the answer revealed")
            b.key("ArrowRight")
        check(b.eval("document.getElementById('quiz-ask').textContent") == "Score: 1 of 2", "the score: 1 of 2")
        b.key("Escape")
        check(b.eval("document.getElementById('quiz-score').textContent").endswith("last score: 1 of 2"),
              "the score is shown beside the narration")
        b.key("c")
        order2 = b.eval("attnlab.drawAttempt(3, 2, 1, 1n)")
        check(b.eval("document.getElementById('quiz-ask').textContent") == bank[order2[0]]["ask"],
              "a second attempt is a fresh draw (attempt 1)")
        b.key("Escape")

        # ---- reload: the place and the score are kept
        b.navigate(site.split("#")[0])  # no step in the URL: the place remembered
        wait_step(b, 4, "reopened without #")
        check(b.eval("document.getElementById('quiz-score').textContent").endswith("last score: 1 of 2"),
              "the score is kept after a reload")

        # ---- the presenter view follows the page, in a second window
        main_session = b.session
        target = b.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        b.session = b.call("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        b.call("Runtime.enable")
        b.navigate(site.split("#")[0] + "?presenter#/4")
        pv = b.session
        check(b.eval("!document.getElementById('presenter').hidden && document.getElementById('pv-notes').textContent")
              == "The diamond never leaves the cloud of values.", "the presenter view shows the step's notes")
        check(b.eval("document.getElementById('pv-next').src.endsWith('step-005.svg')"), "… and the next step")
        b.eval("new Promise((r) => setTimeout(r, 1200))")
        check(b.eval("attnlab.timer") == "waiting" and b.eval("document.getElementById('pv-timer').textContent") == "0:00",
              "the talk timer waits at 0:00 until the talk starts")
        b.session = main_session
        b.call("Page.bringToFront")  # a page in the background does not play its clips
        wait_settled(b)
        b.key("ArrowLeft")  # a step back is no start of the talk
        wait_step(b, 3)
        b.session = pv
        b.wait_for("document.getElementById('counter').textContent === '3 / 5'", "the presenter view follows back")
        check(b.eval("attnlab.timer") == "waiting", "a step back does not start the talk timer")
        b.session = main_session
        b.call("Page.bringToFront")
        wait_settled(b)
        b.key("ArrowRight")
        wait_step(b, 4)
        wait_settled(b)
        b.key("ArrowRight")
        wait_step(b, 5)
        b.session = pv
        b.wait_for("document.getElementById('counter').textContent === '5 / 5'", "the presenter view follows")
        check(b.eval("document.getElementById('pv-now').src.endsWith('step-005.svg')"), "the presenter view follows the page")
        b.wait_for("attnlab.timer === 'running' && document.getElementById('pv-timer').textContent !== '0:00'",
                   "the talk timer runs", limit=10)
        check(True, "the talk timer starts at the first step turned and counts")
        b.key("p", shift=True)
        check(b.eval("attnlab.timer") == "paused" and "paused" in b.eval("document.getElementById('pv-timer-state').textContent"),
              "Shift+P pauses the talk timer")
        b.key("r", shift=True)
        check(b.eval("attnlab.timer") == "paused" and b.eval("document.getElementById('pv-timer').textContent") == "0:00",
              "Shift+R sets it back to 0:00")
        b.key("p", shift=True)
        check(b.eval("attnlab.timer") == "running", "Shift+P runs it again")
        b.key("ArrowLeft")  # and the page follows the presenter
        b.session = main_session
        b.wait_for("document.getElementById('counter').textContent === '4 / 5'", "the page follows the presenter view")
        check(True, "the page follows the presenter view")
        b.call("Target.closeTarget", {"targetId": target}, session=False)
        b.call("Page.bringToFront")

        # ---- a screenshot of step 2 against its PNG export
        b.key("Home")
        wait_step(b, 1)
        wait_settled(b)
        b.key("ArrowRight")
        wait_step(b, 2)
        wait_settled(b)
        rect = b.eval("(() => { const r = document.getElementById('picture').getBoundingClientRect();"
                      " return {x: r.x, y: r.y, width: r.width, height: r.height}; })()")
        shot = b.screenshot(dict(rect, scale=W / rect["width"]))
        with open(os.path.join(out, "browser-step-002.png"), "wb") as f:
            f.write(shot)
        with open(os.path.join(out, "browser-page.png"), "wb") as f:
            f.write(b.screenshot())
        with open(os.path.join(out, "step-002.png"), "rb") as f:
            mean, off = cdp.compare_png(shot, f.read())
        check(mean < 4.0 and off < 0.02, "the page's step 2 matches its PNG export (mean difference %.2f, %.2f%% of pixels off)"
              % (mean, 100 * off))

        # ---- accessibility
        findings = b.eval(A11Y)
        check(findings == [], "no serious accessibility findings %s" % (findings or ""))
        b.call("Input.dispatchKeyEvent", {"type": "rawKeyDown", "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9})
        b.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9})
        check(b.eval("(() => { const e = document.activeElement; return e && e !== document.body &&"
                     " getComputedStyle(e).outlineStyle !== 'none' && parseFloat(getComputedStyle(e).outlineWidth) >= 2; })()"),
              "the focus is visible")
        for name in sorted(os.listdir(os.path.join(out, "site/lecture_files"))):
            if name.endswith(".svg"):
                with open(os.path.join(out, "site/lecture_files", name)) as f:
                    head = f.read(600)
                if not check("<title>" in head and 'role="img"' in head, "%s has a <title>" % name):
                    break

        # ---- the single file: no request but the page itself
        b.events.clear()
        single = "file://" + os.path.join(out, "single/lecture.html")
        b.navigate(single + "#/2")
        b.wait_for("document.getElementById('counter').textContent === '2 / 5' && document.getElementById('picture').complete"
                   " && document.getElementById('picture').naturalWidth === %d" % W, "the single file's step 2")
        b.wait_for("(() => { const v = document.getElementById('clip'); return v.currentSrc.startsWith('data:video/webm') &&"
                   " (v.currentTime > 0 || v.ended); })()", "the single file's clip plays")
        check(True, "the single file shows step 2 and plays its clip")
        b.eval("new Promise((r) => setTimeout(r, 300))")  # let late requests show
        urls = [e["params"]["request"]["url"] for e in b.events if e.get("method") == "Network.requestWillBeSent"]
        # data: and blob: URLs are the page's own bytes (a blob: one an SVG it inflated), not requests.
        outside = [u[:60] for u in urls if not u.startswith(("data:", "blob:")) and u.split("#")[0] != single]
        check(urls and not outside, "the single file makes no request but itself (%d requests; outside: %s)" % (len(urls), outside))
        # Its pictures are the SVGs gzip-compressed: the one shown inflated by the browser's
        # DecompressionStream, and every one by the page's own inflate (where there is none) —
        # the folder form's SVGs, byte for byte but for the numbering of Cairo's surfaces.
        check(b.eval("document.getElementById('picture').src.startsWith('blob:') && !!attnlab.data.steps[1].svgz"),
              "the single file's picture is its packed SVG, inflated")
        files = os.path.join(out, "site/lecture_files")
        names = sorted(n for n in os.listdir(files) if n.startswith("step-") and n.endswith(".svg")) + \
            sorted(n for n in os.listdir(files) if n.startswith("try-") and n.endswith(".svg"))
        items = "attnlab.data.steps.concat(attnlab.data.trials)"
        streamed = b.eval("Promise.all(%s.map((it) => attnlab.pictureUrl(it).then((u) => fetch(u)).then((r) => r.text())))" % items)
        own = b.eval("%s.map((it) => new TextDecoder().decode(attnlab.inflate(attnlab.unbase64(it.svgz))))" % items)
        surface = re.compile(r'id="surface[0-9]+"')
        want = []
        for n in names:
            with open(os.path.join(files, n), encoding="utf-8") as f:
                want.append(surface.sub("", f.read()))
        check(len(want) == len(streamed) and [surface.sub("", t) for t in streamed] == want,
              "DecompressionStream inflates the single file's %d pictures to the folder's SVGs" % len(want))
        check(len(want) == len(own) and [surface.sub("", t) for t in own] == want,
              "the page's own inflate (the fallback) gives the same %d SVGs" % len(want))

        # ---- the folder from a static web server
        server = cdp.serve(out)
        try:
            url = "http://127.0.0.1:%d/site/index.html#/3" % server.server_address[1]
            b.navigate(url)
            wait_step(b, 3, "from a web server")
        finally:
            server.shutdown()

        # ---- pages named with a URL's special characters, narration with HTML in it
        check_names(args, out, b)
    finally:
        b.close()
    return report(out)


def report(out):
    if failures:
        print("\n%d check(s) failed:" % len(failures))
        for f in failures:
            print("  " + f)
        return 1
    print("\nall checks passed; screenshots in " + out)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:
        traceback.print_exc()
        sys.exit(1)
