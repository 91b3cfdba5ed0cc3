// The recorded lecture page of `attnlab export DECK -o NAME.html --recorded`: one step at a time, its final state as
// an SVG and its animation as a clip, with the app's keys (read from the data: the rows of
// app/bindings that a browser can honour), the URL keeping the step (#/12), the place and the
// quiz scores kept in localStorage, and a presenter view in a second window kept in step through
// a BroadcastChannel and storage events. No framework; works from file:// and any web server.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('attnlab-data').textContent);
  const $ = (id) => document.getElementById(id);
  const steps = data.steps;
  const N = steps.length;
  const presenter = /[?&]presenter\b/.test(location.search);

  // ---- storage: the place and the quiz scores, per lecture (a hash of its titles)
  function hashText(s) {
    let h = 2166136261;
    for (let i = 0; i < s.length; ++i) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
    return h.toString(36);
  }
  const id = 'attnlab:' + hashText(data.title + '|' + steps.map((s) => s.title).join('|'));
  const store = {
    get(key) {
      try { const v = localStorage.getItem(id + ':' + key); return v === null ? null : JSON.parse(v); } catch (e) { return null; }
    },
    set(key, value) {
      try { localStorage.setItem(id + ':' + key, JSON.stringify(value)); } catch (e) { /* private mode: not kept */ }
    },
  };

  // ---- the quiz's draws: scene/quiz.cpp, step for step (splitmix64, our own Fisher–Yates), so that
  // a page draws the questions and orders the choices exactly as the app does for the same seed.
  const MASK = (1n << 64n) - 1n;
  class SplitMix64 {
    constructor(seed) { this.state = BigInt.asUintN(64, BigInt(seed)); }
    next() {
      this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
      let z = this.state;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
      return z ^ (z >> 31n);
    }
    below(bound) {
      const b = BigInt(bound);
      if (b <= 1n) return 0;
      const limit = MASK - ((MASK % b) + 1n) % b;  // reject the top partial block
      let r = this.next();
      while (r > limit) r = this.next();
      return Number(r % b);
    }
  }
  function shuffle(items, rng) {
    for (let i = items.length; i > 1; --i) {
      const j = rng.below(i);
      const t = items[i - 1]; items[i - 1] = items[j]; items[j] = t;
    }
  }
  function attemptRng(seed, attempt) {
    const mix = new SplitMix64(seed);
    const a = mix.next();
    const rng = new SplitMix64(a ^ ((BigInt(attempt) * 0xd1b54a32d192ed03n) & MASK));
    rng.next();
    return rng;
  }
  function drawCount(size, draw) { return draw <= 0 || draw > size ? size : draw; }
  function drawAttempt(size, draw, attempt, seed) {
    const count = drawCount(size, draw);
    if (size === 0 || count === 0) return [];
    if (attempt < 0) attempt = 0;
    let previous = [];
    for (let a = 0; a <= attempt; ++a) {
      const rng = attemptRng(seed, a);
      let order = [...Array(size).keys()];
      shuffle(order, rng);
      order = order.filter((q) => !previous.includes(q)).concat(order.filter((q) => previous.includes(q)));
      order.length = count;
      shuffle(order, rng);
      if (order.length > 1 && order.length === previous.length && order.every((q, i) => q === previous[i]))
        order.push(order.shift());
      previous = order;
    }
    return previous;
  }
  function mix(h) { return new SplitMix64(h).next(); }
  function choiceOrder(choices, question, attempt, seed) {
    const order = [...Array(choices).keys()];
    let h = mix(BigInt(seed) ^ 0x63686f6963657321n);
    h = mix(h ^ BigInt.asUintN(64, BigInt(attempt)));
    h = mix(h ^ BigInt.asUintN(64, BigInt(question)));
    shuffle(order, new SplitMix64(h));
    return order;
  }
  function retryOrder(questions, attempt, seed) {
    const out = questions.slice();
    shuffle(out, attemptRng(seed, attempt < 0 ? 0 : attempt));
    return out;
  }
  const seed = BigInt(data.seed);

  // ---- the page's state
  let pendingTrial = -1;  // an experiment to show once its step is in
  const ui = {
    cur: 0,            // the step shown (0-based)
    trial: -1,         // the experiment shown, or -1
    mode: 'slides',    // slides, goto, overview, menu
    typed: '',         // a step number being typed
    gotoError: '',     // what the last typed step number could not do (out of range), for a moment
    selection: 0,      // highlighted thumbnail or row
    help: false,
    quiz: null,        // an attempt in progress
    speed: 1,
    blank: false,
  };
  const picture = $('picture'), video = $('clip'), stage = $('stage'), scrub = $('scrub');
  stage.style.setProperty('--aspect', String(data.width / data.height));

  // ---- the pictures: a URL (the folder form), or in the single file the SVG gzip-compressed in
  // base64 ("svgz"), inflated once into a blob: URL: by the browser's DecompressionStream, or where
  // there is none by inflate() below (RFC 1951, after puff.c: slow, small and only the fallback).
  function inflate(gz) {
    let pos = 10, bit = 0;
    const flags = gz[3];
    if (flags & 4) pos += 2 + (gz[10] | gz[11] << 8);
    if (flags & 8) while (gz[pos++]);
    if (flags & 16) while (gz[pos++]);
    if (flags & 2) pos += 2;
    const end = gz.length;
    const out = new Uint8Array((gz[end - 4] | gz[end - 3] << 8 | gz[end - 2] << 16 | gz[end - 1] << 24) >>> 0);
    let n = 0;
    function bits(k) {
      let v = 0;
      for (let i = 0; i < k; ++i) {
        if (pos >= end) throw new Error('inflate: truncated');
        v |= ((gz[pos] >> bit) & 1) << i;
        if (++bit === 8) { bit = 0; ++pos; }
      }
      return v;
    }
    function huffman(lengths) {
      const count = new Uint16Array(16), symbol = new Uint16Array(lengths.length), offs = new Uint16Array(16);
      for (const l of lengths) ++count[l];
      count[0] = 0;
      for (let l = 1; l < 16; ++l) offs[l] = offs[l - 1] + count[l - 1];
      lengths.forEach((l, sym) => { if (l) symbol[offs[l]++] = sym; });
      return { count, symbol };
    }
    function decode(h) {
      let code = 0, first = 0, index = 0;
      for (let len = 1; len < 16; ++len) {
        code |= bits(1);
        const c = h.count[len];
        if (code - c < first) return h.symbol[index + code - first];
        index += c; first = (first + c) << 1; code <<= 1;
      }
      throw new Error('inflate: bad code');
    }
    const LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
    const LEXT = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
    const DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
      4097, 6145, 8193, 12289, 16385, 24577];
    const DEXT = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
    const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
    let last = 0;
    while (!last) {
      last = bits(1);
      const type = bits(2);
      if (type === 0) {
        if (bit) { bit = 0; ++pos; }
        const len = gz[pos] | gz[pos + 1] << 8;
        pos += 4;
        out.set(gz.subarray(pos, pos + len), n);
        pos += len; n += len;
        continue;
      }
      let lit, dist;
      if (type === 1) {
        const l = new Array(288).fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
        lit = huffman(l);
        dist = huffman(new Array(30).fill(5));
      } else if (type === 2) {
        const nlen = bits(5) + 257, ndist = bits(5) + 1, ncode = bits(4) + 4;
        const cl = new Array(19).fill(0);
        for (let i = 0; i < ncode; ++i) cl[ORDER[i]] = bits(3);
        const ch = huffman(cl), lengths = [];
        while (lengths.length < nlen + ndist) {
          const sym = decode(ch);
          if (sym < 16) { lengths.push(sym); continue; }
          const [value, times] = sym === 16 ? [lengths[lengths.length - 1], 3 + bits(2)]
            : sym === 17 ? [0, 3 + bits(3)] : [0, 11 + bits(7)];
          for (let i = 0; i < times; ++i) lengths.push(value);
        }
        lit = huffman(lengths.slice(0, nlen));
        dist = huffman(lengths.slice(nlen));
      } else {
        throw new Error('inflate: bad block');
      }
      for (;;) {
        let sym = decode(lit);
        if (sym < 256) { out[n++] = sym; continue; }
        if (sym === 256) break;
        sym -= 257;
        const len = LBASE[sym] + bits(LEXT[sym]);
        const d = decode(dist);
        const back = DBASE[d] + bits(DEXT[d]);
        for (let i = 0; i < len; ++i, ++n) out[n] = out[n - back];
      }
    }
    return out.subarray(0, n);
  }
  function unbase64(s) {
    const bin = atob(s), bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }
  function inflated(gz) {
    if (typeof DecompressionStream === 'function') {
      const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
      return new Response(stream).arrayBuffer().then((b) => new Uint8Array(b));
    }
    return new Promise((resolve) => resolve(inflate(gz)));
  }
  const pictureUrls = new Map();  // an item → the promise of its URL
  function pictureUrl(item) {
    if (!item.svgz) return Promise.resolve(item.picture);
    if (!pictureUrls.has(item))
      pictureUrls.set(item, inflated(unbase64(item.svgz)).then((svg) =>
        URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))));
    return pictureUrls.get(item);
  }
  // Shows an item's picture in `img` (at once for a URL; once inflated for a packed SVG, unless
  // another picture was asked for meanwhile).
  function setPicture(img, item) {
    img.attnlabItem = item;
    if (!item.svgz) { img.src = item.picture; return; }
    pictureUrl(item).then((url) => { if (img.attnlabItem === item) img.src = url; })
      .catch((e) => { console.error('attnlab: a picture cannot be inflated', e); });
  }

  // ---- the clip: played on entering a step, then the SVG (the same final state) stays
  function itemShown() { return ui.trial >= 0 ? data.trials[ui.trial] : steps[ui.cur]; }
  function setPlaying(on) {
    stage.dataset.playing = on ? '1' : '0';
    video.hidden = !on;
  }
  // Plays the clip; a play that the browser refuses shows the picture instead, unless something
  // else (a pause, a seek, another play) has taken the clip over since: play() settles later, and
  // a refusal that arrives after a seek must not hide the clip the seek shows.
  let playing = 0;
  function play() {
    const mine = ++playing;
    const p = video.play();
    if (p && p.catch) p.catch(() => { if (mine === playing) setPlaying(false); });
  }
  function takeOver() { ++playing; }
  function loadClip(item, autoplay) {
    takeOver();
    video.pause();
    while (video.firstChild) video.removeChild(video.firstChild);
    video.removeAttribute('src');
    if (!item.clips.length) { setPlaying(false); video.load(); updateScrub(); return; }
    for (const c of item.clips) {
      const s = document.createElement('source');
      s.src = c.src;
      s.type = c.type;
      video.appendChild(s);
    }
    video.defaultPlaybackRate = ui.speed;
    video.load();
    video.playbackRate = ui.speed;
    if (autoplay) {
      setPlaying(true);
      play();
    } else {
      setPlaying(false);
    }
    updateScrub();
  }
  function clipRunning() { return !video.hidden && !video.ended && !video.paused; }
  function finishClip() { takeOver(); video.pause(); setPlaying(false); updateScrub(); }
  function replay() {
    if (!itemShown().clips.length) return;
    if (video.hidden && !video.currentSrc) { loadClip(itemShown(), true); return; }
    setPlaying(true);
    video.currentTime = 0;
    video.playbackRate = ui.speed;
    play();
  }
  function togglePause() {
    if (!itemShown().clips.length) return;
    if (video.hidden) { replay(); return; }
    if (video.paused) video.play().catch(() => {});
    else { takeOver(); video.pause(); }
  }
  function seekTo(u) {
    const d = video.duration || itemShown().duration;
    if (!itemShown().clips.length || !d) return;
    u = Math.min(1, Math.max(0, u));
    takeOver();
    video.pause();
    if (u >= 1) { setPlaying(false); updateScrub(); return; }
    setPlaying(true);
    video.currentTime = u * d;
    updateScrub();
  }
  function progress() {
    if (video.hidden) return 1;
    const d = video.duration || itemShown().duration;
    return d ? Math.min(1, video.currentTime / d) : 1;
  }
  function updateScrub() {
    scrub.disabled = !itemShown().clips.length;
    scrub.value = String(Math.round(progress() * 1000));
  }
  // A clip that ended shows the picture; unless it was sought back meanwhile (the event is queued).
  video.addEventListener('ended', () => { if (video.ended) setPlaying(false); updateScrub(); });
  video.addEventListener('timeupdate', updateScrub);
  scrub.addEventListener('input', () => seekTo(Number(scrub.value) / 1000));
  const speeds = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2];
  function setSpeed(s) {
    ui.speed = s;
    $('speed').value = String(s);
    video.defaultPlaybackRate = s;
    video.playbackRate = s;
  }
  // Chosen, the menu gives the keys back to the slides (a focused menu keeps its arrows).
  $('speed').addEventListener('change', () => { setSpeed(Number($('speed').value)); $('speed').blur(); });
  function faster(dir) {
    const i = speeds.indexOf(ui.speed);
    setSpeed(speeds[Math.min(speeds.length - 1, Math.max(0, (i < 0 ? 3 : i) + dir))]);
  }

  // ---- showing a step
  function text(idv, s) { $(idv).textContent = s || ''; }
  function pictureName(i) { return 'Step ' + (i + 1) + ' of ' + N + ': ' + steps[i].title; }
  function show(i, animate) {
    ui.cur = i;
    const s = steps[i];
    // An experiment asked for from another step shows once its step is in; any other visit shows the script.
    ui.trial = pendingTrial >= 0 && data.trials[pendingTrial].step === i ? pendingTrial : -1;
    pendingTrial = -1;
    text('counter', (i + 1) + ' / ' + N);
    text('step-heading', s.heading && s.heading !== s.title ? s.heading : '');
    text('step-title', s.title);
    text('subtitle', s.subtitle);
    const ul = $('bullets');
    ul.textContent = '';
    for (const b of s.bullets) { const li = document.createElement('li'); li.textContent = b; ul.appendChild(li); }
    text('say', s.say);
    // A step's question beat: the question alone, over the picture before the step moves.
    $('predict').hidden = !s.ask;
    $('say').classList.toggle('question', !!s.ask);
    text('notes-text', s.notes);
    $('notes').hidden = !s.notes;
    $('btn-try').disabled = !s.trials.length;
    $('btn-quiz').disabled = s.quiz < 0;
    $('btn-back').disabled = i === 0;
    $('btn-next').disabled = i === N - 1;
    showScore();
    document.title = (data.title ? data.title + ' — ' : '') + (i + 1) + '/' + N + ' ' + s.title;
    if (ui.trial >= 0) { showTrial(ui.trial, animate); } else {
      $('trial').hidden = true;
      setPicture(picture, s);
      picture.alt = pictureName(i);
      loadClip(s, animate);
    }
    store.set('place', i);
    announce(i);
    renderPresenter();
  }

  // ---- the URL: #/12 is step 12; going to a step adds a history entry (the back button works)
  function stepOfHash() {
    const m = /^#\/(\d+)$/.exec(location.hash);
    if (!m) return -1;
    const n = Number(m[1]);
    return n >= 1 && n <= N ? n - 1 : -1;
  }
  function go(i) {
    i = Math.min(N - 1, Math.max(0, i));
    if (stepOfHash() === i) { show(i, true); return; }
    location.hash = '#/' + (i + 1);  // hashchange shows it
  }
  window.addEventListener('hashchange', () => {
    const i = stepOfHash();
    if (i >= 0) show(i, !following);
  });
  function next() {
    if (clipRunning()) { finishClip(); return; }  // a running animation completes first
    if (ui.cur < N - 1) go(ui.cur + 1);
  }

  // ---- the presenter view and the other window: one follows the other
  let channel = null, following = false;
  try { channel = new BroadcastChannel(id); } catch (e) { channel = null; }
  function announce(i) {
    if (following) return;
    if (channel) channel.postMessage({ step: i });
  }
  function follow(i) {
    if (typeof i !== 'number' || i < 0 || i >= N || i === ui.cur) return;
    following = true;
    if (stepOfHash() === i) show(i, false);
    else location.hash = '#/' + (i + 1);
    setTimeout(() => { following = false; }, 0);
  }
  if (channel) channel.onmessage = (e) => follow(e.data && e.data.step);
  window.addEventListener('storage', (e) => {
    if (e.key === id + ':place' && e.newValue !== null) follow(JSON.parse(e.newValue));
  });
  // The talk timer (in the presenter view): 0:00 and waiting until the talk starts, at the first
  // step forward after the view opens (as the app's starts at the first →: a step back or a jump
  // does not start it), or at Shift+P.
  const timer = { started: null, elapsed: 0, running: false, waiting: true, last: -1 };
  function timerRun(on) {
    timer.waiting = false;
    if (on && !timer.running) { timer.started = Date.now(); timer.running = true; }
    if (!on && timer.running) { timer.elapsed += Date.now() - timer.started; timer.running = false; }
    tick();
  }
  function timerText() {
    const ms = timer.elapsed + (timer.running ? Date.now() - timer.started : 0);
    const s = Math.floor(ms / 1000);
    return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  }
  function renderPresenter() {
    if (!presenter) return;
    if (timer.waiting && timer.last >= 0 && ui.cur === timer.last + 1) timerRun(true);
    timer.last = ui.cur;
    const s = steps[ui.cur];
    setPicture($('pv-now'), s);
    $('pv-now').alt = pictureName(ui.cur);
    const n = steps[Math.min(N - 1, ui.cur + 1)];
    setPicture($('pv-next'), n);
    $('pv-next').alt = ui.cur + 1 < N ? pictureName(ui.cur + 1) : 'The end: no next step';
    text('pv-next-title', ui.cur + 1 < N ? n.title : 'The end');
    text('pv-notes', s.notes || s.say || '(no notes)');
  }
  function tick() {
    if (!presenter) return;
    text('pv-timer', timerText());
    text('pv-timer-state', timer.waiting ? 'starts at the next step' : timer.running ? '' : 'paused');
    $('pv-timer').dataset.state = timer.waiting ? 'waiting' : timer.running ? 'running' : 'paused';
    text('pv-clock', new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
  }
  function openPresenter() {
    const url = location.href.replace(/[?#].*$/, '') + '?presenter#/' + (ui.cur + 1);
    window.open(url, 'attnlab-presenter', 'width=1100,height=750');
  }

  // ---- "Try this": an experiment's own picture and clip, from its scene's last step
  function trialsHere() { return steps[ui.cur].trials; }
  function showTrial(t, animate) {
    const tr = data.trials[t];
    ui.trial = t;
    $('trial').hidden = false;
    text('trial-title', 'Try this: ' + tr.title);
    text('trial-look', tr.look_for ? 'Look for: ' + tr.look_for : '');
    setPicture(picture, tr);
    picture.alt = 'Try this: ' + tr.title;
    loadClip(tr, animate !== false);
  }
  function runTrial(t) {
    closePanels();
    const tr = data.trials[t];
    if (tr.step !== ui.cur) {
      pendingTrial = t;
      go(tr.step);
      return;
    }
    showTrial(t, true);
  }
  function endTrial() {
    if (ui.trial < 0) return;
    ui.trial = -1;
    show(ui.cur, false);
  }
  function openTry() {
    closePanels();
    const list = $('try-list');
    list.textContent = '';
    const here = trialsHere();
    $('try-none').hidden = here.length > 0;
    here.forEach((t, k) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = (runKeys[k] ? runKeys[k].toUpperCase() + '. ' : '') + data.trials[t].title;
      b.addEventListener('click', () => runTrial(t));
      li.appendChild(b);
      list.appendChild(li);
    });
    ui.mode = 'menu';
    ui.selection = 0;
    $('try').hidden = false;
    highlight();
    const first = list.querySelector('button');
    if (first) first.focus();
  }

  // ---- the overview: every step's picture
  function openOverview() {
    closePanels();
    const grid = $('overview-grid');
    if (!grid.firstChild) {
      steps.forEach((s, i) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        const img = document.createElement('img');
        img.loading = 'lazy';
        setPicture(img, s);
        img.alt = '';
        b.appendChild(img);
        b.appendChild(document.createTextNode((i + 1) + '. ' + s.title));
        b.addEventListener('click', () => { closePanels(); go(i); });
        li.appendChild(b);
        grid.appendChild(li);
      });
    }
    ui.mode = 'overview';
    ui.selection = ui.cur;
    $('overview').hidden = false;
    highlight();
  }
  function highlight() {
    const buttons = ui.mode === 'overview' ? $('overview-grid').querySelectorAll('button')
      : ui.mode === 'menu' ? $('try-list').querySelectorAll('button') : [];
    buttons.forEach((b, k) => b.classList.toggle('selected', k === ui.selection));
    if (buttons[ui.selection]) { buttons[ui.selection].scrollIntoView({ block: 'nearest' }); buttons[ui.selection].focus(); }
  }
  function columns() {
    const items = $('overview-grid').children;
    if (items.length < 2) return 1;
    const top = items[0].offsetTop;
    let c = 0;
    while (c < items.length && items[c].offsetTop === top) ++c;
    return Math.max(1, c);
  }
  function move(dir) {
    const count = ui.mode === 'overview' ? N : trialsHere().length;
    if (!count) return;
    const cols = ui.mode === 'overview' ? columns() : 1;
    const delta = { left: -1, right: 1, up: -cols, down: cols }[dir];
    if (dir === 'home') ui.selection = 0;
    else if (dir === 'end') ui.selection = count - 1;
    else ui.selection = Math.min(count - 1, Math.max(0, ui.selection + delta));
    highlight();
  }
  function closePanels() {
    for (const p of ['overview', 'try', 'help']) $(p).hidden = true;
    ui.help = false;
    if (ui.mode === 'overview' || ui.mode === 'menu') ui.mode = 'slides';
  }

  // ---- check yourself: drawn and shuffled per attempt as in the app; the score kept
  function bankOf() { return steps[ui.cur].quiz; }
  function showScore() {
    const b = steps[ui.cur].quiz;
    const last = b >= 0 ? store.get('score:' + b) : null;
    text('quiz-score', last ? 'Check yourself — last score: ' + last.right + ' of ' + last.total +
      (last.revealed ? ' (' + last.revealed + ' revealed)' : '') : '');
  }
  function openQuiz(only) {
    const b = bankOf();
    if (b < 0) return;
    closePanels();
    const bank = data.quizzes[b];
    const attempt = store.get('attempts:' + b) || 0;
    store.set('attempts:' + b, attempt + 1);
    const order = only && only.length ? retryOrder(only, attempt, seed)
      : drawAttempt(bank.questions.length, bank.draw, attempt, seed);
    ui.quiz = { bank: b, attempt, order, index: 0, picked: -1, revealed: false, finished: false, outcomes: [] };
    $('quiz').hidden = false;
    renderQuiz();
  }
  function quizQuestion() {
    const q = ui.quiz;
    return data.quizzes[q.bank].questions[q.order[q.index]];
  }
  function quizChoices() {
    const q = ui.quiz;
    return choiceOrder(quizQuestion().choices.length, q.order[q.index], q.attempt, seed);
  }
  function tally() {
    const t = { right: 0, wrong: 0, revealed: 0, answered: 0, total: ui.quiz.order.length };
    for (const o of ui.quiz.outcomes) {
      if (o === 'right') ++t.right;
      if (o === 'wrong') ++t.wrong;
      if (o === 'revealed') ++t.revealed;
      if (o) ++t.answered;
    }
    return t;
  }
  function button(label, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', onClick);
    $('quiz-buttons').appendChild(b);
    return b;
  }
  function renderQuiz() {
    const q = ui.quiz;
    const choices = $('quiz-choices');
    choices.textContent = '';
    $('quiz-buttons').textContent = '';
    $('quiz-answer').hidden = true;
    if (q.finished) {
      const t = tally();
      text('quiz-progress', 'Done');
      text('quiz-ask', 'Score: ' + t.right + ' of ' + t.total + (t.revealed ? ' · ' + t.revealed + ' revealed' : ''));
      text('quiz-hint', '');
      const missed = q.order.filter((_, k) => q.outcomes[k] !== 'right');
      if (missed.length) button('Again with the ones I missed (M)', () => openQuiz(missed));
      button('Again (C)', () => openQuiz());
      button('Close (Esc)', closeQuiz).focus();
      return;
    }
    const question = quizQuestion();
    text('quiz-progress', 'Question ' + (q.index + 1) + ' of ' + q.order.length);
    text('quiz-ask', question.ask);
    const order = quizChoices();
    order.forEach((c, pos) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = (pos + 1) + '. ' + question.choices[c];
      b.setAttribute('aria-pressed', String(q.picked === pos));
      if (q.revealed && c === question.correct) b.classList.add('right');
      if (q.revealed && q.picked === pos && c !== question.correct) b.classList.add('wrong');
      b.disabled = q.revealed;
      b.addEventListener('click', () => pick(pos + 1));
      li.appendChild(b);
      choices.appendChild(li);
    });
    text('quiz-hint', q.revealed ? '' : order.length ? 'Predict first: pick a choice, then reveal the answer.'
      : 'Predict first: answer in your head, then reveal.');
    if (q.revealed) {
      $('quiz-answer').hidden = false;
      const o = q.outcomes[q.index];
      text('quiz-answer', (o === 'right' ? 'Right. ' : o === 'wrong' ? 'Not quite. ' : '') + question.answer);
      if (!order.length && o === 'revealed') {
        button('I had it (H)', () => grade(true));
        button('I didn\'t (N)', () => grade(false));
      }
      if (question.experiment && trialOfTitle(question.experiment) >= 0) button('Show me (Y)', showMe);
      button(q.index + 1 < q.order.length ? 'Next question (→)' : 'Score (→)', quizNext).focus();
    } else {
      button('Reveal the answer (Space)', reveal).focus();
    }
  }
  function pick(n) {
    const q = ui.quiz;
    if (!q || q.finished || q.revealed) return;
    if (n >= 1 && n <= quizChoices().length) { q.picked = n - 1; renderQuiz(); }
  }
  function reveal() {
    const q = ui.quiz;
    if (!q || q.finished) return;
    if (q.revealed) { quizNext(); return; }
    q.revealed = true;
    const question = quizQuestion();
    if (q.picked >= 0) q.outcomes[q.index] = quizChoices()[q.picked] === question.correct ? 'right' : 'wrong';
    else q.outcomes[q.index] = 'revealed';
    renderQuiz();
  }
  function grade(right) {
    const q = ui.quiz;
    if (!q || !q.revealed || quizQuestion().choices.length || q.outcomes[q.index] !== 'revealed') return;
    q.outcomes[q.index] = right ? 'right' : 'wrong';
    renderQuiz();
  }
  function quizNext() {
    const q = ui.quiz;
    if (!q || q.finished) return;
    if (q.index + 1 < q.order.length) {
      q.index += 1;
      q.picked = -1;
      q.revealed = false;
    } else {
      q.finished = true;
      const t = tally();
      store.set('score:' + q.bank, { right: t.right, total: t.total, revealed: t.revealed, attempt: q.attempt });
      showScore();
    }
    renderQuiz();
  }
  function trialOfTitle(title) {
    const slide = steps[ui.cur].slide;
    return data.trials.findIndex((t) => t.slide === slide && t.title === title);
  }
  function showMe() {
    const q = ui.quiz;
    if (!q || !q.revealed) return;
    const t = trialOfTitle(quizQuestion().experiment);
    if (t < 0) return;
    closeQuiz();
    runTrial(t);
  }
  function closeQuiz() { ui.quiz = null; $('quiz').hidden = true; }
  function retry() {
    const q = ui.quiz;
    if (!q || !q.finished) return;
    const missed = q.order.filter((_, k) => q.outcomes[k] !== 'right');
    if (missed.length) openQuiz(missed);
  }

  // ---- help: the key table's lines
  function buildHelp() {
    const titles = { slides: 'on the slides', anywhere: 'anywhere', help: 'while this help is open', typing: 'typing a step number',
      overview: 'the overview (O)', menu: 'the "Try this" menu (E or X)', quiz: 'check yourself (C), while a quiz is open',
      // Keys of the window that this page of pictures cannot do: listed, taken by no action.
      window: 'only in the window (attnlab) and the live page, where the engine draws every frame' };
    const body = $('help-table').tBodies[0];
    let layer = null, lastRow = null;
    for (const k of data.keys) {
      if (k.layer !== layer) {
        layer = k.layer;
        const tr = body.insertRow();
        const th = document.createElement('th');
        th.colSpan = 2;
        th.scope = 'colgroup';
        th.textContent = titles[layer] || layer;
        tr.appendChild(th);
        lastRow = null;
      }
      if (!k.help && lastRow) { lastRow.cells[0].textContent += ' / ' + k.label; continue; }
      lastRow = body.insertRow();
      lastRow.dataset.layer = layer;
      lastRow.insertCell().textContent = k.label;
      lastRow.insertCell().textContent = k.help;
    }
  }
  function toggleHelp(on) {
    const open = on === undefined ? $('help').hidden : on;
    closePanels();
    ui.help = open;
    $('help').hidden = !open;
  }

  // ---- fullscreen, blank, counter
  function fullscreen() {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(() => {});
  }
  function escape() {
    if (!$('overview').hidden || !$('try').hidden || ui.help) { closePanels(); return; }
    if (ui.trial >= 0) { endTrial(); return; }
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  }

  // ---- typing a step number
  function showTyping() {
    $('goto').hidden = ui.mode !== 'goto' && !ui.gotoError;
    text('goto', ui.gotoError || 'Go to step: ' + ui.typed + '▏ of ' + N + ' (Enter; any other key cancels)');
  }

  // ---- keys: looked up layer by layer as app/bindings' press() does
  const keymap = {};
  for (const k of data.keys) {
    for (const name of k.keys) {
      const at = (keymap[k.layer] = keymap[k.layer] || {});
      if (!at[name]) at[name] = k;
    }
  }
  function keyName(e) {
    let k = e.key, mods = '';
    if (e.ctrlKey) mods += 'Ctrl+';
    if (e.altKey) mods += 'Alt+';
    if (k.length === 1) {
      const lower = k.toLowerCase();
      if (e.shiftKey && lower !== k) mods += 'Shift+';
      k = lower;
    } else if (e.shiftKey) {
      mods += 'Shift+';
    }
    return mods + k;
  }
  // The keys of the "Try this" menu's rows, in order (1–9, then letters), as the key table has them.
  const runKeys = (data.keys.find((k) => k.layer === 'menu' && k.action === 'run') || { keys: [] }).keys;
  function digitOf(e) { return /^[0-9]$/.test(e.key) ? Number(e.key) : 0; }
  function lookup(name) {
    const take = (layer) => (keymap[layer] && keymap[layer][name]) || null;
    let row = take('anywhere');
    if (row) return row;
    if (ui.help && (row = take('help'))) return row;
    if (ui.quiz) return take('quiz');
    switch (ui.mode) {
      case 'goto': {
        // Any key that types no step number ends the prompt and acts as on the slides
        // (→ after a stray 2 turns the slide): a digit never takes the arrows.
        const typing = take('typing');
        if (typing) return typing;
        ui.mode = 'slides';
        showTyping();
        return take('slides');
      }
      case 'overview': return take('overview');
      case 'menu': return take('menu');
      default: return take('slides');
    }
  }
  const actions = {
    next, back: () => go(ui.cur - 1), first: () => go(0), last: () => go(N - 1),
    goto: (row, d) => { closePanels(); ui.mode = 'goto'; ui.gotoError = ''; ui.typed = d ? String(d) : ''; showTyping(); },
    type: (row, d) => { if (ui.typed.length < String(N).length) ui.typed += String(d); showTyping(); },
    erase: () => { if (!ui.typed) ui.mode = 'slides'; ui.typed = ui.typed.slice(0, -1); showTyping(); },
    commit: () => {
      const n = Number(ui.typed);
      ui.mode = 'slides';
      if (ui.typed && (n < 1 || n > N)) {
        // Out of range: say so, and stay on this step.
        ui.gotoError = 'No step ' + ui.typed + ': the steps are 1 to ' + N;
        $('goto').hidden = false;
        text('goto', ui.gotoError);
        setTimeout(() => { ui.gotoError = ''; showTyping(); }, 2500);
        return;
      }
      showTyping();
      if (n >= 1) go(n - 1);
    },
    cancel: () => { ui.mode = 'slides'; showTyping(); },
    overview: openOverview, replay, pause: togglePause,
    scrub: (row) => seekTo(progress() + 0.1 * row.arg),
    slower: () => faster(-1), faster: () => faster(1),
    blank: () => { ui.blank = !ui.blank; $('blank').hidden = !ui.blank; },
    counter: () => $('counter').classList.toggle('hidden-counter'),
    presenter: openPresenter,
    'timer-pause': () => timerRun(!timer.running),
    'timer-reset': () => { timer.elapsed = 0; timer.started = Date.now(); tick(); },
    try: openTry, quiz: () => openQuiz(), escape, fullscreen, help: () => toggleHelp(), 'close-help': () => toggleHelp(false),
    left: () => move('left'), right: () => move('right'), up: () => move('up'), down: () => move('down'),
    home: () => move('home'), end: () => move('end'), 'end-trial': () => { closePanels(); endTrial(); },
    choose: () => {
      if (ui.mode === 'overview') { const i = ui.selection; closePanels(); go(i); }
      else if (ui.mode === 'menu' && trialsHere()[ui.selection] !== undefined) runTrial(trialsHere()[ui.selection]);
    },
    leave: closePanels,
    run: (row, d, name) => {
      const i = runKeys.indexOf(name);
      if (i >= 0 && trialsHere()[i] !== undefined) runTrial(trialsHere()[i]);
    },
    pick: (row, d) => pick(d), reveal, 'quiz-next': quizNext, grade: (row) => grade(row.arg === 1),
    retry, 'show-me': showMe, 'quiz-close': closeQuiz,
  };
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.isComposing) return;
    const t = e.target;
    // Keys typed into a form control stay there (but the player's own controls pass arrows on).
    if (t && (t.tagName === 'SELECT' || (t.tagName === 'INPUT' && t.type !== 'range'))) return;
    const name = keyName(e);
    const row = lookup(name);
    if (!row || !actions[row.action]) return;
    // A focused button takes Space and Enter as a click, as every page's buttons do.
    if (t && t.tagName === 'BUTTON' && (e.key === ' ' || e.key === 'Enter') && ui.mode !== 'goto') return;
    e.preventDefault();
    actions[row.action](row, digitOf(e), name);
  });

  // ---- buttons and swipes
  $('btn-back').addEventListener('click', () => go(ui.cur - 1));
  $('btn-next').addEventListener('click', next);
  $('btn-replay').addEventListener('click', replay);
  $('btn-overview').addEventListener('click', openOverview);
  $('btn-try').addEventListener('click', openTry);
  $('btn-quiz').addEventListener('click', () => openQuiz());
  $('btn-presenter').addEventListener('click', openPresenter);
  $('btn-help').addEventListener('click', () => toggleHelp());
  $('btn-end-trial').addEventListener('click', endTrial);
  $('help').addEventListener('click', () => toggleHelp(false));
  let touch = null;
  stage.addEventListener('touchstart', (e) => {
    if (e.touches.length === 1) touch = { x: e.touches[0].clientX, y: e.touches[0].clientY };
  }, { passive: true });
  stage.addEventListener('touchend', (e) => {
    if (!touch || !e.changedTouches.length) return;
    const dx = e.changedTouches[0].clientX - touch.x, dy = e.changedTouches[0].clientY - touch.y;
    touch = null;
    if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) { if (dx < 0) next(); else go(ui.cur - 1); }
  });

  // ---- start: the step in the URL, else where the student stopped, else the first
  buildHelp();
  if (presenter) {
    document.body.classList.add('presenter');
    $('presenter').hidden = false;
    setInterval(tick, 500);
    tick();
  }
  let start = stepOfHash();
  if (start < 0) {
    const place = store.get('place');
    start = typeof place === 'number' && place >= 0 && place < N ? place : 0;
    history.replaceState(null, '', location.href.replace(/#.*$/, '') + '#/' + (start + 1));
  }
  show(start, true);

  // For tests and curious students: the draws, and what is shown.
  window.attnlab = {
    drawAttempt, choiceOrder, retryOrder, data, inflate, unbase64, pictureUrl,
    get step() { return ui.cur; },
    get trial() { return ui.trial; },
    get mode() { return ui.quiz ? 'quiz' : ui.help ? 'help' : ui.mode; },
    get timer() { return timer.waiting ? 'waiting' : timer.running ? 'running' : 'paused'; },
    actions: Object.keys(actions),
  };
})();
