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

  // @include lecture/quiz_draws.js
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

  // @include lecture/pictures.js

  // @include lecture/clip.js

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

  // @include lecture/quiz.js

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
