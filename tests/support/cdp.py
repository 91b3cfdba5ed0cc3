"""A small client of Chromium's DevTools protocol over --remote-debugging-pipe (no WebSocket, no
third-party package): Chromium reads commands from its fd 3 and writes replies and events to its
fd 4, each one JSON message ended by a NUL byte. Used by tests/browser_test.py."""
import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

# KeyboardEvent fields of the keys the tests press: key -> (code, windowsVirtualKeyCode, text).
_KEYS = {
    "ArrowRight": ("ArrowRight", 39, ""), "ArrowLeft": ("ArrowLeft", 37, ""), "ArrowUp": ("ArrowUp", 38, ""),
    "ArrowDown": ("ArrowDown", 40, ""), "PageDown": ("PageDown", 34, ""), "PageUp": ("PageUp", 33, ""),
    "Home": ("Home", 36, ""), "End": ("End", 35, ""), "Enter": ("Enter", 13, "\r"), "Escape": ("Escape", 27, ""),
    "Backspace": ("Backspace", 8, ""), " ": ("Space", 32, " "), "Tab": ("Tab", 9, ""),
    "?": ("Slash", 191, "?"), "[": ("BracketLeft", 219, "["), "]": ("BracketRight", 221, "]"),
}


def find_chromium():
    """The Chromium executable, or raises: a browser test must never pass without a browser."""
    for name in (os.environ.get("ATTNLAB_CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    raise RuntimeError("Chromium was not found (install Debian's 'chromium': tools/setup.sh does, "
                       "or point ATTNLAB_CHROMIUM at one)")


class Browser:
    def __init__(self, width=1280, height=900):
        exe = find_chromium()
        self.profile = tempfile.mkdtemp(prefix="attnlab-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def wire():  # in the child: its fd 3 reads our commands, its fd 4 writes to us
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        args = [exe, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--mute-audio", "--hide-scrollbars",
                "--autoplay-policy=no-user-gesture-required", "--user-data-dir=" + self.profile,
                "--window-size=%d,%d" % (width, height), "about:blank"]
        self.proc = subprocess.Popen(args, preexec_fn=wire, close_fds=False, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buf = b""
        self._next_id = 0
        self.events = []
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Network"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_chrome, self._from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self):
        while b"\0" not in self._buf:
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe (exit status %s)" % self.proc.poll())
            self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=True):
        self._next_id += 1
        msg = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(msg).encode() + b"\0")
        while True:
            reply = self._read_message()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def eval(self, expression):
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError("%s: %s" % (expression, json.dumps(r["exceptionDetails"])[:800]))
        return r["result"].get("value")

    def wait_for(self, expression, what, limit=60.0):
        """Polls until `expression` is truthy; raises naming `what` if it never is (a bound, not a timing)."""
        end = time.monotonic() + limit
        while True:
            value = self.eval(expression)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError("never happened: %s (%s)" % (what, expression))
            time.sleep(0.05)

    def navigate(self, url):
        self.call("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete' && !!window.attnlab && location.href.startsWith(%s)"
                      % json.dumps(url.split("#")[0]), "the page loaded: " + url)

    def reload(self):
        self.eval("window.attnlab_reloaded = true")
        self.call("Page.reload", {"ignoreCache": True})
        self.wait_for("document.readyState === 'complete' && !!window.attnlab && !window.attnlab_reloaded",
                      "the page reloaded")

    def key(self, key, shift=False):
        if key in _KEYS:
            code, vk, text = _KEYS[key]
        elif len(key) == 1 and key.isdigit():
            code, vk, text = "Digit" + key, ord(key), key
        elif len(key) == 1 and key.isalpha():
            code, vk, text = "Key" + key.upper(), ord(key.upper()), key.upper() if shift else key
            key = text
        else:
            raise ValueError("no key code for %r" % key)
        mods = 8 if shift or key == "?" else 0
        down = {"type": "keyDown" if text else "rawKeyDown", "key": key, "code": code,
                "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk, "modifiers": mods}
        if text:
            down["text"] = text
            down["unmodifiedText"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code,
                                             "windowsVirtualKeyCode": vk, "modifiers": mods})

    def screenshot(self, clip=None):
        params = {"format": "png"}
        if clip:
            params["clip"] = clip
        return base64.b64decode(self.call("Page.captureScreenshot", params)["data"])


def read_png(data):
    """(width, height, rows of RGB bytes) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    import struct
    import zlib
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        rows.append(bytes(line) if channels == 3 else bytes(v for k, v in enumerate(line) if k % 4 != 3))
    return width, height, rows


def compare_png(shot, still):
    """Mean absolute difference per channel (0–255) and the share of pixels differing by more than
    48, of two PNGs (bytes) of one size; (255, 1) when their sizes differ."""
    w1, h1, a = read_png(shot)
    w2, h2, b = read_png(still)
    if (w1, h1) != (w2, h2):
        return 255.0, 1.0
    total, off, n = 0, 0, 0
    for ra, rb in zip(a, b):
        for x in range(0, len(ra), 3):
            d = max(abs(ra[x] - rb[x]), abs(ra[x + 1] - rb[x + 1]), abs(ra[x + 2] - rb[x + 2]))
            total += abs(ra[x] - rb[x]) + abs(ra[x + 1] - rb[x + 1]) + abs(ra[x + 2] - rb[x + 2])
            off += d > 48
            n += 1
    return total / (3.0 * n), off / float(n)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(root):
    """A static web server of the folder `root` on a free port of 127.0.0.1, in a thread of its own."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=root))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
