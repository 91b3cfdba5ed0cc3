// Check yourself: a quiz drawn as the app draws it (quiz_draws.js), asked, revealed, graded
// and scored, its score kept.
// Part of the recorded page's script, engine/output/web/lecture.js: tools/embed.cmake puts it in
// its place there, inside the page's function (ui, steps, data, store, $ … are lecture.js's),
// and leaves this opening comment out.
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
