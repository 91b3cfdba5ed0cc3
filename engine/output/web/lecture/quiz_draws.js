// The quiz's draws: pure functions, scene/quiz.cpp's step for step (tests/browser_test.py
// compares them with the app's through tests/support/quiz_draws.cpp).
// Part of the recorded page's script, engine/output/web/lecture.js: tools/embed.cmake puts it in
// its place there, inside the page's function (ui, steps, data, store, $ … are lecture.js's),
// and leaves this opening comment out.
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
