// The clip: a step's animation played, paused, sought, slower or faster, then its picture.
// Part of the recorded page's script, engine/output/web/lecture.js: tools/embed.cmake puts it in
// its place there, inside the page's function (ui, steps, data, store, $ … are lecture.js's),
// and leaves this opening comment out.
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
