// engine/web/page/live.js: the page's half of the browser backend (engine/web/live.cpp is the
// other): the canvas sized to the window in device pixels, the page's keys, pointer (mouse, pen
// and touch) and clock handed to the module, and each frame's changed rows put on the canvas.
// The step's title and narration are the canvas's text alternative; #/N is the step, kept in the
// address and in local storage, and so is the quiz (the commands that made it, replayed by the
// module at the next visit). Knows the module's exported functions, nothing of what they draw.
'use strict';
(function () {
    const params = new URLSearchParams(location.search);
    const deck = params.get('deck') || 'slides/lecture.yaml';
    const student = params.get('student') === '1' ? 1 : 0;
    const dark = params.get('theme') === 'dark' ? 1 : 0;
    const placeKey = 'attnlab:' + (window.attnlabBundle ? window.attnlabBundle.main : deck);
    const quizKey = placeKey + ':quiz';
    // Local storage may be refused (a private window, a full quota): then nothing is kept.
    function kept(key) { try { return localStorage.getItem(key); } catch (e) { return null; } }
    function keep(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* not kept */ } }
    const canvas = document.getElementById('deck');
    const alt = document.getElementById('alt');
    const ctx = canvas.getContext('2d');

    function problem(text) {
        const p = document.getElementById('problem');
        p.textContent = text;
        p.hidden = false;
    }
    // A page exported with --fallback carries the recorded page (its pictures and clips drawn in
    // advance): where there is no WebAssembly, or the engine does not start, it takes this
    // page's place, at the same #/N.
    function fallBack() {
        const page = window.attnlabFallback;
        if (typeof page !== 'string') return false;
        window.attnlabFallback = null;
        // Once this page is parsed: document.open() while the parser runs would write into it.
        const show = () => {
            document.open();
            document.write(page);
            document.close();
        };
        if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
        else show();
        return true;
    }
    if (typeof WebAssembly !== 'object' && fallBack()) return;

    // Base64 to bytes, in a plain loop: Uint8Array.from with a function per character took 0.4 s
    // of the start for the engine's 3.5 MB of text (headless Chromium on a busy machine).
    function bytes(base64) {
        const bin = atob(base64), out = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; ++i) out[i] = bin.charCodeAt(i);
        return out;
    }

    // The engine: fetched beside the page, or, in a page `attnlab export --live` wrote, inside it
    // (window.attnlabWasm: gzip in base64, inflated here, so that the page opens from file://).
    function engine() {
        if (!window.attnlabWasm) return createAttnlab();
        const packed = bytes(window.attnlabWasm);
        const inflated = new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'));
        return new Response(inflated).arrayBuffer().then((wasm) => createAttnlab({ wasmBinary: new Uint8Array(wasm) }));
    }

    // (A throw while it starts is a rejection too: the fallback, or the problem, then shows.)
    Promise.resolve().then(engine).then((m) => {
        const f = {
            open: m.cwrap('attnlab_live_open', 'number', ['string', 'string', 'number', 'number', 'number']),
            time: m.cwrap('attnlab_live_time', null, ['number']),
            resize: m.cwrap('attnlab_live_resize', null, ['number', 'number', 'number', 'number']),
            key: m.cwrap('attnlab_live_key', 'number', ['string', 'string', 'number']),
            pointer: m.cwrap('attnlab_live_pointer', null, ['number', 'number', 'number', 'number', 'number']),
            frame: m.cwrap('attnlab_live_frame', 'number', []),
            width: m.cwrap('attnlab_live_width', 'number', []),
            height: m.cwrap('attnlab_live_height', 'number', []),
            top: m.cwrap('attnlab_live_dirty_top', 'number', []),
            bottom: m.cwrap('attnlab_live_dirty_bottom', 'number', []),
            status: m.cwrap('attnlab_live_status', 'string', []),
            quiz: m.cwrap('attnlab_live_quiz', 'string', []),
            restoreQuiz: m.cwrap('attnlab_live_restore_quiz', 'number', ['string']),
            error: () => m.UTF8ToString(m.ccall('attnlab_error', 'number', [], [])),
        };
        // The step to open: #/N, else the place kept from the last visit.
        const fromHash = /^#\/(\d+)$/.exec(location.hash);
        let start = fromHash ? Number(fromHash[1]) : Number(kept(placeKey) || 1);
        if (!(start >= 1)) start = 1;
        const t0 = performance.now();
        const now = () => (performance.now() - t0) / 1000;
        // A page that brings its own deck (window.attnlabBundle: its main file and every file
        // it names, by path inside its folder, base64, and the fallback faces of its text) has
        // them written under /deck and opened there; else `deck` is one of the files the module
        // embeds.
        let path = '/attnlab/' + deck, root = '';
        const bundle = window.attnlabBundle;
        if (bundle) {
            for (const [name, data] of Object.entries(bundle.files)) {
                const file = '/deck/' + name;
                m.FS.mkdirTree(file.slice(0, file.lastIndexOf('/')));
                m.FS.writeFile(file, bytes(data));
            }
            path = '/deck/' + bundle.main;
            root = '/deck';
            // The fallback faces its text is drawn with (subset to its characters by the export),
            // outside the deck's folder, named to the module in the painter's order.
            const fallback = m.cwrap('attnlab_fallback', null, ['string', 'string', 'number']);
            m.FS.mkdirTree('/page-fonts');
            for (const [name, data] of Object.entries(bundle.fonts || {}))
                m.FS.writeFile('/page-fonts/' + name, bytes(data));
            for (const face of bundle.fallbacks || [])
                fallback('/page-fonts/' + face.regular, face.bold ? '/page-fonts/' + face.bold : '', face.index);
        }
        if (f.open(path, root, student, dark, start - 1) < 0) {
            problem(f.error());
            return;
        }
        // The quiz as it was left: replayed on the deck as it is now (a memory of another
        // version of the deck that does not fit is refused and forgotten).
        let quizKept = kept(quizKey) || '', quizSeen = '';
        if (quizKept && !f.restoreQuiz(quizKept)) {
            quizKept = '';
            keep(quizKey, '');
        }
        let image = null;
        let shown = '';
        function resize() {
            const dpr = window.devicePixelRatio || 1;
            const w = Math.max(1, canvas.clientWidth), h = Math.max(1, canvas.clientHeight);
            canvas.width = Math.round(w * dpr);
            canvas.height = Math.round(h * dpr);
            f.time(now());
            f.resize(w, h, canvas.width, canvas.height);
            image = ctx.createImageData(canvas.width, canvas.height);
        }
        function mods(e) { return (e.shiftKey ? 1 : 0) | (e.ctrlKey || e.metaKey ? 2 : 0) | (e.altKey ? 4 : 0); }
        function at(e) {
            const r = canvas.getBoundingClientRect();
            return [Math.floor(e.clientX - r.left), Math.floor(e.clientY - r.top)];
        }
        // What the session says now: the text alternative, the address and the kept place.
        function sync() {
            const s = JSON.parse(f.status());
            const text = s.title + '. ' + s.say;
            if (text !== shown) {
                shown = text;
                alt.textContent = text;
                canvas.setAttribute('aria-label', 'step ' + s.step + ' of ' + s.steps + ': ' + s.title);
            }
            if (location.hash !== '#/' + s.step) history.replaceState(null, '', '#/' + s.step);
            showPresenter(s);
            keep(placeKey, String(s.step));
            // The quiz's memory is asked for only when the quiz changed, not every frame of a drag.
            const quizNow = JSON.stringify(s.quiz);
            if (quizNow !== quizSeen) {
                quizSeen = quizNow;
                const quiz = f.quiz();
                if (quiz !== quizKept) {
                    quizKept = quiz;
                    keep(quizKey, quiz);
                }
            }
            return s;
        }
        window.addEventListener('resize', resize);
        // A key, in the page or in its presenter window: the window's key table, in the module.
        function onKey(e) {
            f.time(now());
            // The browser's own keys stay its own: reload, the developer tools, zoom.
            if ((e.ctrlKey || e.metaKey) && ['r', 'R', 'l', 'L', 't', 'w', '+', '-', '0'].includes(e.key)) return;
            if (f.key(e.key, e.code, mods(e))) e.preventDefault();
            answer();  // while the key press lets the page open a window or go fullscreen
            sync();  // the place is kept at once, not at the next frame
        }
        canvas.addEventListener('keydown', onKey);
        canvas.addEventListener('pointerdown', (e) => {
            if (e.button !== 0) return;
            canvas.focus();
            canvas.setPointerCapture(e.pointerId);
            f.time(now());
            const [x, y] = at(e);
            f.pointer(2, x, y, 0, mods(e));
            f.pointer(0, x, y, 1, mods(e));
            e.preventDefault();
        });
        canvas.addEventListener('pointermove', (e) => {
            f.time(now());
            const [x, y] = at(e);
            f.pointer(2, x, y, e.buttons & 1 ? 1 : 0, mods(e));
        });
        canvas.addEventListener('pointerup', (e) => {
            if (e.button !== 0) return;
            f.time(now());
            const [x, y] = at(e);
            f.pointer(1, x, y, 0, mods(e));
        });
        canvas.addEventListener('pointerleave', () => { f.time(now()); f.pointer(3, 0, 0, 0, 0); });
        window.addEventListener('hashchange', () => {
            const n = /^#\/(\d+)$/.exec(location.hash);
            const s = JSON.parse(f.status());
            if (n && Number(n[1]) !== s.step) {  // typed into the address: go there as G N Enter does
                f.time(now());
                f.key('g', 'KeyG', 0);
                for (const c of n[1]) f.key(c, 'Digit' + c, 0);
                f.key('Enter', 'Enter', 0);
            }
        });
        // What the keys asked of the page: F fullscreen (the browser's own), S the presenter view.
        const requests = m.cwrap('attnlab_live_requests', 'number', []);
        const fullscreen = m.cwrap('attnlab_live_fullscreen', null, ['number']);
        document.addEventListener('fullscreenchange', () => fullscreen(document.fullscreenElement ? 1 : 0));
        function answer() {
            const asked = requests();
            if (asked & 1) {
                if (document.fullscreenElement) document.exitFullscreen();
                else document.documentElement.requestFullscreen().catch(() => {});
            }
            if (asked & 2) togglePresenter();
        }

        // The presenter view (S, as in the window): a second window this page writes itself (so
        // that it opens from file:// too) with the step's title and speaker notes, the next step,
        // the talk timer and the clock, all from the session's status; its keys are this page's
        // (→ there turns the slides here), and the page keeps it up to date.
        let presenter = null;
        const presenterPage = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>attnlab: presenter</title>' +
            '<style>body{margin:0;padding:16px;background:#181a20;color:#f0f0f0;font:18px/1.45 sans-serif}' +
            '.dim{color:#aab0be;font-weight:bold}#view{max-width:100%;max-height:55vh;display:block;margin:8px 0;' +
            'background:#000}#notes{white-space:pre-wrap;margin-top:12px}#times{font:24px monospace;margin:8px 0}' +
            '#timer{color:#aab0be;font-size:15px}</style></head><body>' +
            '<div id="now" class="dim"></div><canvas id="view"></canvas><div id="next" class="dim"></div>' +
            '<div id="times"><span id="elapsed"></span> · clock <span id="clock"></span></div>' +
            '<div id="timer"></div><div id="notes"></div></body></html>';
        function clockText(seconds) {
            const v = Math.floor(Math.abs(seconds));
            return (seconds < 0 ? '−' : '') + Math.floor(v / 60) + ':' + String(v % 60).padStart(2, '0');
        }
        function presenterOpen() { return presenter && !presenter.closed; }
        function togglePresenter() {
            if (presenterOpen()) {
                presenter.close();
                presenter = null;
                return;
            }
            const w = window.open('', 'attnlab-presenter', 'popup,width=1000,height=720');
            if (!w) return;  // a blocked pop-up: S again, once the browser allows it
            w.document.open();
            w.document.write(presenterPage);
            w.document.close();
            w.document.addEventListener('keydown', onKey);
            presenter = w;
            window.attnlab.presenter = w;
            showPresenter(JSON.parse(f.status()));
            mirror();
        }
        // The presenter window's texts for status `s`.
        function showPresenter(s) {
            if (!presenterOpen()) return;
            const d = presenter.document, put = (id, text) => {
                const e = d.getElementById(id);
                if (e && e.textContent !== text) e.textContent = text;
            };
            put('now', 'now · ' + s.step + ' / ' + s.steps + ' · ' + s.title);
            put('next', s.next ? 'next · ' + (s.step + 1) + ' / ' + s.steps + ' · ' + s.next : 'end of the deck');
            put('notes', s.notes || '(no notes for this step)');
            put('elapsed', 'elapsed ' + clockText(s.talk.elapsed));
            put('clock', new Date().toTimeString().slice(0, 5));
            put('timer', !s.talk.started ? 'the talk timer starts at the first →' : !s.talk.running ? 'paused: Shift+P runs it' : '');
        }
        // The slide as this page shows it, copied into the presenter window.
        function mirror() {
            if (!presenterOpen()) return;
            const view = presenter.document.getElementById('view');
            if (!view) return;
            if (view.width !== canvas.width || view.height !== canvas.height) {
                view.width = canvas.width;
                view.height = canvas.height;
            }
            view.getContext('2d').drawImage(canvas, 0, 0);
        }
        setInterval(() => { if (presenterOpen()) { f.time(now()); showPresenter(JSON.parse(f.status())); } }, 500);
        window.addEventListener('pagehide', () => { if (presenterOpen()) presenter.close(); });
        function paint() {
            answer();
            f.time(now());
            const began = performance.now();
            const p = f.frame();
            if (p) {
                const top = f.top(), bottom = f.bottom(), row = f.width() * 4;
                // HEAPU8 is read after the call: the memory may have grown (and been replaced) during it.
                image.data.set(m.HEAPU8.subarray(p + top * row, p + bottom * row), top * row);
                ctx.putImageData(image, 0, 0, 0, top, f.width(), bottom - top);
                // What a frame cost the page: the engine's drawing and the canvas's update (the
                // last 240, for bench/web_live).
                const ms = window.attnlab.frameMs;
                ms.push(performance.now() - began);
                if (ms.length > 240) ms.shift();
                sync();
                mirror();
                window.attnlab.frames++;
            }
            requestAnimationFrame(paint);
        }
        // For tests and tools: the session's state, and how many frames were put on the canvas.
        const where = m.cwrap('attnlab_live_where', 'string', ['string', 'number']);
        window.attnlab = {
            status: () => JSON.parse(f.status()),
            // Where a click reaches a word, a key, a value, a temperature of the slider or the
            // mask switch: [x, y] in CSS pixels of the canvas, or null.
            where: (what, i) => { const s = where(what, i || 0); return s ? s.split(' ').map(Number) : null; },
            frames: 0,
            frameMs: [],
            presenter: null,  // the presenter window, once S opened it
            ready: true,
        };
        resize();
        canvas.focus();
        requestAnimationFrame(paint);
    }, (e) => { if (!fallBack()) problem('attnlab could not start: ' + e); });
})();
