// The book's trace player: animates the searches that `{{ #trace }}` wove into the page.
//
// Each `.sudoku-trace` element holds its data as JSON in a `<script type="application/json">`:
// { maxEvents, puzzles: [{ name, puzzle, solution, traces: [{ solver, events, truncated }] }] }.
// `puzzle` and `solution` are 81 characters, `.` for a blank. `events` is two characters of the
// alphabet 0-9a-v per event, a number n below 1024: n < 729 places digit n % 9 + 1 in cell
// floor(n / 9); 729 <= n < 810 takes back the digit of cell n - 729; 810 is a solution.
//
// The player replays a trace exactly as the book's `replay` does, refusing an event that does
// not fit the grid, and keeps for every event the digit the cell held before it, so that it can
// step back as easily as forward. This file may be included several times in one page (once per
// player); the first copy defines the player and every copy starts the players not yet started.
(function () {
  "use strict";

  const ALPHABET = "0123456789abcdefghijklmnopqrstuv";
  const SOLUTION = 10; // the `digit` of a solution event; 0 is a take-back
  const SPEEDS = 15; // speeds are 2^0 .. 2^14 steps a second
  const START_SPEED = 5;

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
    this.data.puzzles.forEach(function (puzzle, k) {
      const option = element("option", null, puzzle.name);
      option.value = String(k);
      self.picker.append(option);
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
    root.append(this.counters, this.status);
    root.append(element("div", "st-legend",
      "Bold: givens. Blue: digits the search placed. Highlighted: the latest step " +
      "(red when it took a digit back)."));

    root.addEventListener("keydown", function (e) { self.key(e); });
    this.showSpeed();
  };

  /// Shows puzzle `p` with solver `s`, at the start of the trace.
  Player.prototype.load = function (p, s) {
    const self = this;
    const puzzle = this.data.puzzles[p];
    this.puzzle = p;
    this.solver = Math.min(s, puzzle.traces.length - 1);
    this.givens = digits(puzzle.puzzle);
    const run = puzzle.traces[this.solver];
    this.trace = decode(run.events, this.givens);
    this.truncated = run.truncated;
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
    this.grid = this.givens.slice();
    this.pos = 0;
    this.places = 0;
    this.unplaces = 0;
    this.render();
  };

  Player.prototype.newBoard = function () {
    const n = this.data.puzzles.length;
    let p = this.puzzle;
    if (n > 1) {
      p = Math.floor(Math.random() * (n - 1));
      if (p >= this.puzzle) p += 1;
    }
    this.pause();
    this.load(p, this.solver);
  };

  /// Applies event `pos` and moves past it.
  Player.prototype.forward = function () {
    const t = this.trace, i = this.pos;
    if (t.digit[i] === 0) this.unplaces += 1;
    else if (t.digit[i] !== SOLUTION) this.places += 1;
    if (t.cell[i] < 81) this.grid[t.cell[i]] = t.digit[i];
    this.pos = i + 1;
  };

  /// Undoes the event before `pos`.
  Player.prototype.backward = function () {
    const t = this.trace, i = this.pos - 1;
    if (t.digit[i] === 0) this.unplaces -= 1;
    else if (t.digit[i] !== SOLUTION) this.places -= 1;
    if (t.cell[i] < 81) this.grid[t.cell[i]] = t.before[i];
    this.pos = i;
  };

  Player.prototype.seek = function (target) {
    target = Math.max(0, Math.min(this.trace.length, target));
    while (this.pos < target) this.forward();
    while (this.pos > target) this.backward();
    this.render();
  };

  Player.prototype.toggle = function () {
    if (this.playing) this.pause();
    else this.play();
  };

  Player.prototype.play = function () {
    const self = this;
    if (this.pos >= this.trace.length) this.seek(0);
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
    const t = this.trace, last = this.pos - 1;
    const at = last >= 0 && t.cell[last] < 81 ? t.cell[last] : -1;
    const undo = at >= 0 && t.digit[last] === 0;
    for (let c = 0; c < 81; c++) {
      const d = this.grid[c];
      const cell = this.cells[c];
      cell.textContent = d === 0 ? "" : String(d);
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

  // Last, once everything above is defined.
  if (!window.SudokuTrace) {
    window.SudokuTrace = { start: startAll };
  }
  window.SudokuTrace.start();
})();
