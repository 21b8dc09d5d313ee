// The book's trace player: animates the searches that `{{ #trace }}` wove into the page.
//
// Each `.sudoku-trace` element holds its data as JSON in a `<script type="application/json">`:
// { maxEvents, generated?: { command, maxEvents },
//   puzzles: [{ name, puzzle, solution, generated?, traces: [{ solver, events, truncated }],
//               human?: { steps: [{ t, r, x, c, e, p }], rating: { er } or { beyond } } }] }.
// `puzzle` and `solution` are 81 characters, `.` for a blank. `events` is two characters of the
// alphabet 0-9a-v per event, a number n below 1024: n < 729 places digit n % 9 + 1 in cell
// floor(n / 9); 729 <= n < 810 takes back the digit of cell n - 729; 810 is a solution.
// A person's step has its technique `t`, rating `r` and sentence `x`; `c` is its pattern's cells
// (two characters a cell number), `e` its eliminations and `p` its placements (two characters
// a candidate, 9 · cell + digit - 1, as above).
//
// The player replays a trace exactly as the book's `replay` does, refusing an event that does
// not fit the grid, and keeps for every event the digit the cell held before it, so that it can
// step back as easily as forward. A person's path is replayed on pencil marks, and refused if a
// step eliminates the solution's digit, places another, or touches a candidate already gone.
// "New board" draws the generated puzzles in a shuffled order, then again, so that each press
// shows one not seen for the longest time. This file may be included several times in one page (once per
// player); the first copy defines the player and every copy starts the players not yet started.
(function () {
  "use strict";

  const ALPHABET = "0123456789abcdefghijklmnopqrstuv";
  const SOLUTION = 10; // the `digit` of a solution event; 0 is a take-back
  const SPEEDS = 15; // speeds are 2^0 .. 2^14 steps a second
  const START_SPEED = 5;
  const HUMAN_SPEED = 1; // a person's steps are read, not watched: 2 a second
  const ALL_DIGITS = 0x3fe; // bits 1 to 9

  /// The numbers below 1024 of a string in the two-character code.
  function codes(text) {
    const out = [];
    for (let i = 0; i + 1 < text.length; i += 2) {
      const code = ALPHABET.indexOf(text[i]) * 32 + ALPHABET.indexOf(text[i + 1]);
      if (code < 0) throw new Error("not a code: " + text.slice(i, i + 2));
      out.push(code);
    }
    return out;
  }

  /// The 20 peers of each cell: the other cells of its row, column and box.
  const PEERS = [];
  for (let c = 0; c < 81; c++) {
    const r = Math.floor(c / 9), k = c % 9, peers = [];
    for (let d = 0; d < 81; d++) {
      const same = Math.floor(d / 9) === r || d % 9 === k ||
        (Math.floor(d / 27) === Math.floor(c / 27) && Math.floor((d % 9) / 3) === Math.floor(k / 3));
      if (same && d !== c) peers.push(d);
    }
    PEERS.push(peers);
  }

  /// A person's path replayed on pencil marks: the grid and candidates before and after every
  /// step, checked against the solution as it goes.
  function decodeHuman(human, givens, solution) {
    const grid = givens.slice();
    const marks = new Uint16Array(81);
    for (let c = 0; c < 81; c++) {
      if (grid[c] !== 0) continue;
      let seen = 0;
      PEERS[c].forEach(function (d) { seen |= 1 << grid[d]; });
      marks[c] = ALL_DIGITS & ~seen;
    }
    const grids = [grid.slice()], candidates = [marks.slice()];
    // The candidates left on the board after each step: what the counter shows, so that it
    // agrees with the board and the sentence whatever a step removes (a direct technique's
    // sentence names eliminations that only lead to its placement).
    const count = function (m) {
      let n = 0;
      for (let c = 0; c < 81; c++) for (let d = 1; d <= 9; d++) n += (m[c] >> d) & 1;
      return n;
    };
    const placed = [0], left = [count(marks)];
    const steps = human.steps.map(function (step, i) {
      const what = "step " + (i + 1) + " (" + step.t + ")";
      const cells = codes(step.c);
      const split = function (code) { return [Math.floor(code / 9), (code % 9) + 1]; };
      const eliminations = codes(step.e).map(split), placements = codes(step.p).map(split);
      eliminations.forEach(function (pair) {
        const cell = pair[0], d = pair[1];
        if (cell > 80 || !(marks[cell] & (1 << d))) throw new Error(what + " strikes a candidate that is gone");
        if (solution[cell] === d) throw new Error(what + " strikes the solution's digit");
        marks[cell] &= ~(1 << d);
      });
      placements.forEach(function (pair) {
        const cell = pair[0], d = pair[1];
        if (cell > 80 || grid[cell] !== 0 || !(marks[cell] & (1 << d))) {
          throw new Error(what + " places a digit that is not a candidate");
        }
        if (solution[cell] !== d) throw new Error(what + " places a digit that is not the solution's");
        grid[cell] = d;
        marks[cell] = 0;
        PEERS[cell].forEach(function (p) { marks[p] &= ~(1 << d); });
      });
      grids.push(grid.slice());
      candidates.push(marks.slice());
      placed.push(placed[i] + placements.length);
      left.push(count(marks));
      return { technique: step.t.replace(/-/g, " "), rating: step.r, text: step.x,
        cells: cells, eliminations: eliminations, placements: placements };
    });
    return { length: steps.length, steps: steps, grids: grids, candidates: candidates,
      placed: placed, left: left, rating: human.rating };
  }

  function startAll() {
    document.querySelectorAll(".sudoku-trace").forEach(function (root) {
      if (root.dataset.started) return;
      root.dataset.started = "yes";
      const source = root.querySelector("script[type='application/json']");
      try {
        new Player(root, JSON.parse(source.textContent));
      } catch (e) {
        root.textContent = "The trace player could not start: " + e.message;
      }
    });
  }

  /// The givens of an 81-character puzzle as digits, 0 for a blank.
  function digits(text) {
    const grid = new Uint8Array(81);
    for (let c = 0; c < 81; c++) {
      const ch = text.charCodeAt(c) - 48;
      grid[c] = ch >= 1 && ch <= 9 ? ch : 0;
    }
    return grid;
  }

  /// The events of a trace as arrays, checked against the puzzle as they are replayed.
  function decode(text, givens) {
    const n = text.length >> 1;
    const cell = new Uint8Array(n);
    const digit = new Uint8Array(n);
    const before = new Uint8Array(n);
    const grid = givens.slice();
    let solutions = 0;
    for (let i = 0; i < n; i++) {
      const code = ALPHABET.indexOf(text[2 * i]) * 32 + ALPHABET.indexOf(text[2 * i + 1]);
      if (code < 0 || code > 810) throw new Error("event " + i + " is not an event");
      if (code < 729) {
        cell[i] = Math.floor(code / 9);
        digit[i] = (code % 9) + 1;
        if (grid[cell[i]] !== 0) throw new Error("event " + i + ": the cell is not blank");
      } else if (code < 810) {
        cell[i] = code - 729;
        digit[i] = 0;
        if (givens[cell[i]] !== 0 || grid[cell[i]] === 0) {
          throw new Error("event " + i + ": the cell holds no placed digit");
        }
      } else {
        cell[i] = 255;
        digit[i] = SOLUTION;
        solutions += 1;
        continue;
      }
      before[i] = grid[cell[i]];
      grid[cell[i]] = digit[i];
    }
    return { length: n, cell: cell, digit: digit, before: before, solutions: solutions };
  }

  /// Whether the grid is full and no unit holds a digit twice: the rules, as `Grid::solves`.
  function solved(grid) {
    for (let u = 0; u < 27; u++) {
      let seen = 0;
      for (let k = 0; k < 9; k++) {
        let c;
        if (u < 9) c = 9 * u + k;
        else if (u < 18) c = 9 * k + (u - 9);
        else {
          const b = u - 18;
          c = 9 * (3 * Math.floor(b / 3) + Math.floor(k / 3)) + 3 * (b % 3) + (k % 3);
        }
        seen |= 1 << grid[c];
      }
      if (seen !== 0x3fe) return false;
    }
    return true;
  }

  function element(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function button(text, title, action) {
    const b = element("button", "st-button", text);
    b.type = "button";
    b.title = title;
    b.addEventListener("click", action);
    return b;
  }

  function Player(root, data) {
    this.root = root;
    this.data = data;
    this.puzzle = 0;
    this.solver = 0;
    this.speed = START_SPEED;
    this.playing = false;
    // The generated puzzles, in the order "New board" shows them.
    this.deck = [];
    data.puzzles.forEach(function (puzzle, k) { if (puzzle.generated) this.deck.push(k); }, this);
    for (let i = this.deck.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      const t = this.deck[i];
      this.deck[i] = this.deck[j];
      this.deck[j] = t;
    }
    this.dealt = 0;
    this.build();
    this.load(0, 0);
  }

  Player.prototype.build = function () {
    const self = this;
    const root = this.root;
    root.replaceChildren();
    root.setAttribute("aria-label", "Animated Sudoku search");

    const head = element("div", "st-head");
    this.title = element("span", "st-title");
    // A board chosen by name, or one at random.
    this.picker = element("select", "st-picker");
    this.picker.setAttribute("aria-label", "Board");
    let group = null;
    this.data.puzzles.forEach(function (puzzle, k) {
      const option = element("option", null, puzzle.name);
      option.value = String(k);
      if (puzzle.generated && !group) {
        group = element("optgroup");
        group.label = "Made by sudoku generate";
        self.picker.append(group);
      }
      (puzzle.generated ? group : self.picker).append(option);
    });
    this.picker.addEventListener("change", function () {
      self.pause();
      self.load(Number(self.picker.value), self.solver);
    });
    head.append(this.title, this.picker,
      button("New board", "Another puzzle (N)", function () { self.newBoard(); }));
    root.append(head);

    this.solvers = element("div", "st-solvers");
    this.solvers.append(element("span", "st-label", "Solver:"));
    this.solverButtons = [];
    root.append(this.solvers);

    this.board = element("div", "st-board");
    this.cells = [];
    for (let c = 0; c < 81; c++) {
      const row = Math.floor(c / 9), col = c % 9;
      let classes = "st-cell";
      if (col === 2 || col === 5) classes += " st-box-right";
      if (row === 2 || row === 5) classes += " st-box-below";
      const cell = element("div", classes);
      this.cells.push(cell);
      this.board.append(cell);
    }
    root.append(this.board);

    const controls = element("div", "st-controls");
    this.playButton = button("Play", "Play or pause (Space)", function () { self.toggle(); });
    this.playButton.classList.add("st-play");
    controls.append(
      button("|◀", "Back to the start (Home)", function () { self.pause(); self.seek(0); }),
      button("◀", "One step back (←)", function () { self.pause(); self.seek(self.pos - 1); }),
      this.playButton,
      button("▶", "One step forward (→)", function () { self.pause(); self.seek(self.pos + 1); }),
      button("▶|", "To the end (End)", function () { self.pause(); self.seek(self.trace.length); })
    );
    // A person's next step by parts, as `sudoku hint --reveal`: the technique, then the cells
    // to look at, then the step itself.
    this.hintButton = button("Hint", "The next step by parts: its technique, then where to " +
      "look, then the step (H)", function () { self.hint(); });
    this.hintButton.classList.add("st-hint");
    controls.append(this.hintButton);
    const speed = element("label", "st-speed", "Speed ");
    this.speedInput = element("input");
    this.speedInput.type = "range";
    this.speedInput.min = "0";
    this.speedInput.max = String(SPEEDS - 1);
    this.speedInput.value = String(this.speed);
    this.speedLabel = element("span", "st-speed-value");
    this.speedInput.addEventListener("input", function () {
      self.speed = Number(self.speedInput.value);
      self.showSpeed();
    });
    speed.append(this.speedInput, this.speedLabel);
    controls.append(speed);
    root.append(controls);

    this.counters = element("div", "st-counters");
    this.status = element("div", "st-status");
    this.status.setAttribute("aria-live", "polite");
    this.verdict = element("div", "st-verdict");
    this.legend = element("div", "st-legend");
    root.append(this.counters, this.status, this.verdict, this.legend);

    root.addEventListener("keydown", function (e) { self.key(e); });
    this.showSpeed();
  };

  /// Shows puzzle `p` with solver `s`, at the start of the trace.
  Player.prototype.load = function (p, s) {
    const self = this;
    const puzzle = this.data.puzzles[p];
    const wasHuman = Boolean(this.path);
    this.puzzle = p;
    const choices = puzzle.traces.length + (puzzle.human ? 1 : 0);
    this.solver = Math.min(s, choices - 1);
    this.givens = digits(puzzle.puzzle);
    this.path = null;
    if (this.solver === puzzle.traces.length) {
      this.path = decodeHuman(puzzle.human, this.givens, digits(puzzle.solution));
      this.trace = { length: this.path.length };
    } else {
      const run = puzzle.traces[this.solver];
      this.trace = decode(run.events, this.givens);
      this.truncated = run.truncated;
    }
    if (Boolean(this.path) !== wasHuman) {
      this.speed = this.path ? HUMAN_SPEED : START_SPEED;
      this.speedInput.value = String(this.speed);
      this.showSpeed();
    }
    this.board.classList.toggle("st-human", Boolean(this.path));
    this.hintButton.hidden = !this.path;
    this.legend.textContent = this.path
      ? "Small digits: the candidates left. Shaded: the cells of the step's pattern. Struck out: " +
        "the candidates it eliminates. Green: the digit it places."
      : "Bold: givens. Blue: digits the search placed. Highlighted: the latest step " +
        "(red when it took a digit back).";
    this.picker.value = String(p);
    this.title.textContent = "Puzzle: " + puzzle.name + " (" + (p + 1) + " of " +
      this.data.puzzles.length + ")";
    this.solvers.querySelectorAll("button").forEach(function (b) { b.remove(); });
    this.solverButtons = puzzle.traces.map(function (t, k) {
      const b = button(t.solver, "Watch the " + t.solver + " solver", function () {
        self.pause();
        self.load(self.puzzle, k);
        // The clicked button was replaced: focus its successor, so the keys still reach the
        // player (Space would otherwise scroll the page).
        self.solverButtons[k].focus();
      });
      b.setAttribute("aria-pressed", k === self.solver ? "true" : "false");
      self.solvers.append(b);
      return b;
    });
    if (puzzle.human) {
      const k = puzzle.traces.length;
      const b = button("person", "Follow the steps a person would take, with pencil marks",
        function () {
          self.pause();
          self.load(self.puzzle, k);
          self.solverButtons[k].focus();
        });
      b.classList.add("st-person");
      b.setAttribute("aria-pressed", this.path ? "true" : "false");
      this.solvers.append(b);
      this.solverButtons.push(b);
    }
    this.grid = this.givens.slice();
    this.pos = 0;
    this.revealed = 0;
    this.places = 0;
    this.unplaces = 0;
    this.render();
  };

  Player.prototype.newBoard = function () {
    const n = this.data.puzzles.length;
    let p = this.puzzle;
    if (this.deck.length > 0) {
      p = this.deck[this.dealt % this.deck.length];
      this.dealt += 1;
      if (p === this.puzzle && this.deck.length > 1) {
        p = this.deck[this.dealt % this.deck.length];
        this.dealt += 1;
      }
    } else if (n > 1) {
      p = Math.floor(Math.random() * (n - 1));
      if (p >= this.puzzle) p += 1;
    }
    this.pause();
    this.load(p, this.solver);
  };

  /// Applies event `pos` and moves past it.
  Player.prototype.forward = function () {
    if (this.path) {
      this.pos += 1;
      return;
    }
    const t = this.trace, i = this.pos;
    if (t.digit[i] === 0) this.unplaces += 1;
    else if (t.digit[i] !== SOLUTION) this.places += 1;
    if (t.cell[i] < 81) this.grid[t.cell[i]] = t.digit[i];
    this.pos = i + 1;
  };

  /// Undoes the event before `pos`.
  Player.prototype.backward = function () {
    if (this.path) {
      this.pos -= 1;
      return;
    }
    const t = this.trace, i = this.pos - 1;
    if (t.digit[i] === 0) this.unplaces -= 1;
    else if (t.digit[i] !== SOLUTION) this.places -= 1;
    if (t.cell[i] < 81) this.grid[t.cell[i]] = t.before[i];
    this.pos = i;
  };

  Player.prototype.seek = function (target) {
    this.revealed = 0;
    target = Math.max(0, Math.min(this.trace.length, target));
    while (this.pos < target) this.forward();
    while (this.pos > target) this.backward();
    this.render();
  };

  /// One press of Hint on a person's path: the next step's technique, then its cells, then the
  /// step taken; 0, 1 or 2 parts of it are shown until a step is taken or the path moves.
  Player.prototype.hint = function () {
    if (!this.path || this.pos >= this.path.length) return;
    this.pause();
    if (this.revealed < 2) {
      this.revealed += 1;
      this.render();
    } else {
      this.seek(this.pos + 1);
    }
  };

  Player.prototype.toggle = function () {
    if (this.playing) this.pause();
    else this.play();
  };

  Player.prototype.play = function () {
    const self = this;
    if (this.pos >= this.trace.length) this.seek(0);
    this.revealed = 0;
    this.playing = true;
    this.carry = 1; // the first step shows at once
    this.last = null;
    this.render();
    requestAnimationFrame(function (now) { self.frame(now); });
  };

  Player.prototype.pause = function () {
    if (!this.playing) return;
    this.playing = false;
    this.render();
  };

  /// One animation frame: as many steps as the speed and the time since the last frame allow.
  /// A frame that comes late (a hidden tab) is not made up for beyond a quarter of a second.
  Player.prototype.frame = function (now) {
    const self = this;
    if (!this.playing) return;
    const elapsed = this.last === null ? 0 : Math.min(now - this.last, 250);
    this.last = now;
    this.carry += (elapsed / 1000) * Math.pow(2, this.speed);
    let steps = Math.floor(this.carry);
    this.carry -= steps;
    while (steps > 0 && this.pos < this.trace.length) {
      this.forward();
      steps -= 1;
    }
    if (this.pos >= this.trace.length) this.playing = false;
    this.render();
    if (this.playing) requestAnimationFrame(function (t) { self.frame(t); });
  };

  Player.prototype.showSpeed = function () {
    const rate = Math.pow(2, this.speed);
    this.speedLabel.textContent = " " + rate.toLocaleString("en") + (rate === 1 ? " step/s" : " steps/s");
  };

  Player.prototype.key = function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    // The board picker's own keys choose a board.
    if (e.target === this.picker) return;
    const onRange = e.target === this.speedInput;
    let done = true;
    if (e.key === " " || e.key === "Spacebar") this.toggle();
    else if (e.key === "n" || e.key === "N") this.newBoard();
    else if (e.key === "h" || e.key === "H") this.hint();
    else if (e.key === "ArrowRight" && !onRange) { this.pause(); this.seek(this.pos + 1); }
    else if (e.key === "ArrowLeft" && !onRange) { this.pause(); this.seek(this.pos - 1); }
    else if (e.key === "Home") { this.pause(); this.seek(0); }
    else if (e.key === "End") { this.pause(); this.seek(this.trace.length); }
    else done = false;
    if (done) {
      // Keep the page from scrolling and mdBook from turning the page on the arrow keys.
      e.preventDefault();
      e.stopPropagation();
    }
  };

  Player.prototype.render = function () {
    if (this.path) {
      this.renderHuman();
      return;
    }
    this.verdict.textContent = "";
    const t = this.trace, last = this.pos - 1;
    const at = last >= 0 && t.cell[last] < 81 ? t.cell[last] : -1;
    const undo = at >= 0 && t.digit[last] === 0;
    for (let c = 0; c < 81; c++) {
      const d = this.grid[c];
      const cell = this.cells[c];
      cell.textContent = d === 0 ? "" : String(d);
      cell.classList.remove("st-pattern", "st-marks");
      cell.classList.toggle("st-given", this.givens[c] !== 0);
      cell.classList.toggle("st-placed", this.givens[c] === 0 && d !== 0);
      cell.classList.toggle("st-at", c === at);
      cell.classList.toggle("st-undo", c === at && undo);
    }
    const atSolution = last >= 0 && t.digit[last] === SOLUTION && solved(this.grid);
    this.board.classList.toggle("st-solved", atSolution);
    const end = this.pos >= t.length;
    this.root.dataset.state = this.playing ? "playing" : end ? "end" : "paused";
    this.root.dataset.pos = String(this.pos);
    this.root.dataset.solved = atSolution ? "yes" : "no";
    this.playButton.textContent = this.playing ? "Pause" : "Play";
    this.counters.textContent = "Step " + this.pos.toLocaleString("en") + " of " +
      t.length.toLocaleString("en") + " · placed " + this.places.toLocaleString("en") +
      " · taken back " + this.unplaces.toLocaleString("en");
    let status = "";
    if (atSolution) status = "Solved: every unit holds the nine digits.";
    else if (end && this.truncated) {
      status = "The trace stops here, cut at " + t.length.toLocaleString("en") +
        " events: the search had not finished.";
    } else if (end) {
      status = t.solutions > 0 ? "The search is over." : "The search is over: no solution.";
    }
    else if (this.pos === 0) status = "Press Play to watch the search.";
    this.status.textContent = status;
  };

  /// Draws a person's path at step `pos`: the board and pencil marks after the step, its pattern
  /// shaded, the candidates it eliminates struck out, the digit it places marked.
  Player.prototype.renderHuman = function () {
    const path = this.path, pos = this.pos;
    const grid = path.grids[pos], marks = path.candidates[pos];
    // While a hint is shown, the board is the state before the next step, and only the part
    // of that step the hint has revealed is drawn: its cells, never its digits.
    const hinted = this.revealed > 0 && pos < path.length ? path.steps[pos] : null;
    const step = pos > 0 && !hinted ? path.steps[pos - 1] : null;
    const pattern = new Set(step ? step.cells : hinted && this.revealed > 1 ? hinted.cells : []);
    const placedNow = new Set(step ? step.placements.map(function (x) { return x[0]; }) : []);
    const struck = new Map();
    if (step) {
      step.eliminations.forEach(function (x) { struck.set(x[0], (struck.get(x[0]) || 0) | (1 << x[1])); });
    }
    for (let c = 0; c < 81; c++) {
      const cell = this.cells[c];
      const d = grid[c];
      cell.replaceChildren();
      cell.classList.toggle("st-given", this.givens[c] !== 0);
      cell.classList.toggle("st-placed", this.givens[c] === 0 && d !== 0);
      cell.classList.toggle("st-at", placedNow.has(c));
      cell.classList.remove("st-undo");
      cell.classList.toggle("st-pattern", pattern.has(c) && !placedNow.has(c));
      cell.classList.toggle("st-marks", d === 0);
      if (d !== 0) {
        cell.textContent = String(d);
        continue;
      }
      const gone = struck.get(c) || 0;
      for (let k = 1; k <= 9; k++) {
        const mark = element("span", "st-mark");
        if (marks[c] & (1 << k)) mark.textContent = String(k);
        else if (gone & (1 << k)) {
          mark.textContent = String(k);
          mark.classList.add("st-struck");
        }
        cell.append(mark);
      }
    }
    const end = pos >= path.length;
    const atSolution = end && solved(grid);
    this.board.classList.toggle("st-solved", atSolution);
    this.root.dataset.state = this.playing ? "playing" : end ? "end" : "paused";
    this.root.dataset.pos = String(pos);
    this.root.dataset.revealed = String(hinted ? this.revealed : 0);
    this.root.dataset.solved = atSolution ? "yes" : "no";
    this.playButton.textContent = this.playing ? "Pause" : "Play";
    this.hintButton.disabled = end;
    this.counters.textContent = "Step " + pos + " of " + path.length + " · placed " +
      path.placed[pos] + " · candidates left " + path.left[pos];
    let status = "Press Play, or step, to follow the steps a person would take, or Hint for " +
      "the next step by parts.";
    if (hinted) {
      const name = function (c) { return "r" + (Math.floor(c / 9) + 1) + "c" + ((c % 9) + 1); };
      status = "Hint: " + hinted.technique + " (" + hinted.rating.toFixed(1) + ")" +
        (this.revealed > 1 ? ": look at " + hinted.cells.map(name).join(", ") : "") +
        ". Press Hint again for " + (this.revealed > 1 ? "the step." : "where to look.");
    } else if (step) {
      status = "Step " + pos + ": " + step.technique + " (" + step.rating.toFixed(1) + "): " +
        step.text + ".";
    }
    this.status.textContent = status;
    let verdict = "";
    if (end && atSolution) {
      verdict = "Solved by these techniques alone; the hardest step rates the puzzle " +
        Number(path.rating.er).toFixed(1) + " on Sudoku Explainer's scale.";
    } else if (end) {
      verdict = "The techniques stop here: no technique of the ladder, up to " +
        String(path.rating.beyond) + ", finds another step, so the puzzle " +
        "is rated beyond it.";
    }
    this.verdict.textContent = verdict;
  };

  // Last, once everything above is defined.
  if (!window.SudokuTrace) {
    window.SudokuTrace = { start: startAll };
  }
  window.SudokuTrace.start();
})();
