// Plays the book's trace player the way a reader does, in headless Chromium driven by
// playwright-core: see check-player.sh, which installs what this needs and runs it.
//
//   node check-player.mjs PAGE.html SCREENSHOT.png
//
// It opens the chapter from file:// with every other request refused, then, on the first
// player of the page: checks the board shows a puzzle; picks each solver in turn, sets the
// fastest speed, presses Play and checks that the board changes while playing and ends on a
// solution (full, every unit holding the nine digits, every given in place); steps back and
// forward; presses N for a new board and Space to play and pause; checks that New board deals
// the generated puzzles and a named grid can still be picked; then follows a person's path
// (the "person" button): pencil marks that are the candidates the givens leave, each step's
// technique, rating and sentence, eliminations struck out and counted, a path that ends on the
// solution or says where the techniques stop, and the Hint button's three presses (the
// technique, then the cells to look at, then the step, and nothing more at each). Screenshots of the player in the middle of a
// search, at its end, and at a person's step are saved. Exits non-zero if any check failed.

import { chromium } from "playwright-core";

const [page_path, screenshot] = process.argv.slice(2);
if (!page_path || !screenshot) {
  console.error("usage: node check-player.mjs PAGE.html SCREENSHOT.png");
  process.exit(2);
}

let passed = 0;
let failed = 0;
function check(condition, what) {
  if (condition) {
    passed += 1;
    console.log(`check-player: ok: ${what}`);
  } else {
    failed += 1;
    console.error(`check-player: FAIL: ${what}`);
  }
}

/// Whether 81 digits (0 for blank) are a full grid whose 27 units each hold 1 to 9.
function isSolution(grid) {
  const units = [];
  for (let k = 0; k < 9; k++) {
    const row = [], col = [], box = [];
    for (let m = 0; m < 9; m++) {
      row.push(9 * k + m);
      col.push(9 * m + k);
      box.push(9 * (3 * Math.floor(k / 3) + Math.floor(m / 3)) + 3 * (k % 3) + (m % 3));
    }
    units.push(row, col, box);
  }
  return units.every((unit) => new Set(unit.map((c) => grid[c]).filter((d) => d >= 1 && d <= 9)).size === 9);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const remote = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:") || url.startsWith("data:")) return route.continue();
    remote.push(url);
    return route.abort();
  });
  await page.goto("file://" + page_path);

  const player = page.locator(".sudoku-trace").first();
  await player.scrollIntoViewIfNeeded();
  const cells = player.locator(".st-cell");
  const board = async () =>
    (await cells.allTextContents()).map((t) => (t.trim() === "" ? 0 : Number(t)));
  const givens = async () =>
    player.locator(".st-cell").evaluateAll((cs) => cs.map((c) => c.classList.contains("st-given")));
  const state = async () => player.getAttribute("data-state");
  const pos = async () => Number(await player.getAttribute("data-pos"));

  check((await cells.count()) === 81, "the player draws 81 cells");
  check((await state()) === "paused", "the player starts paused");
  const start = await board();
  const given = await givens();
  check(given.filter(Boolean).length >= 17 && start.filter((d) => d > 0).length === given.filter(Boolean).length,
    "at the start only the givens are on the board");

  const solvers = player.locator(".st-solvers button:not(.st-person)");
  const solverCount = await solvers.count();
  check(solverCount >= 2, `the player offers ${solverCount} solvers`);
  await player.locator(".st-speed input").fill("14");
  for (let k = 0; k < solverCount; k++) {
    const name = (await solvers.nth(k).textContent()).trim();
    await solvers.nth(k).click();
    check((await solvers.nth(k).getAttribute("aria-pressed")) === "true", `${name}: its button is pressed`);
    check((await pos()) === 0, `${name}: the trace starts at step 0`);
    // A moderate speed first, to see the board change while playing.
    await player.locator(".st-speed input").fill("6");
    await player.locator(".st-play").click();
    await page.waitForTimeout(400);
    const middle = await board();
    check((await state()) === "playing" || (await state()) === "end", `${name}: Play starts the search`);
    check(middle.some((d, c) => d !== start[c]), `${name}: the board changes while playing`);
    if (k === 0) {
      await player.screenshot({ path: screenshot.replace(/\.png$/, "-playing.png") });
    }
    await player.locator(".st-speed input").fill("14");
    await page.waitForFunction((el) => el.dataset.state === "end", await player.elementHandle(), {
      timeout: 120000,
    });
    const end = await board();
    const keeps = end.every((d, c) => !given[c] || d === start[c]);
    const truncated = (await player.locator(".st-status").textContent()).includes("cut at");
    if (truncated) {
      check(!isSolution(end), `${name}: a trace cut at its cap does not claim a solution`);
    } else {
      check(isSolution(end) && keeps, `${name}: the search ends on a solution that keeps the givens`);
      check((await player.getAttribute("data-solved")) === "yes", `${name}: the player says it is solved`);
      check(/Solved/.test(await player.locator(".st-status").textContent()), `${name}: the status says Solved`);
    }
    if (k === 0) {
      await player.screenshot({ path: screenshot });
    }
    const last = await pos();
    await player.locator("button[title^='One step back']").click();
    check((await pos()) === last - 1, `${name}: one step back`);
    await player.locator("button[title^='One step forward']").click();
    check((await pos()) === last, `${name}: and forward again`);
  }

  // The keys: N for a new board, Space to play and pause, Home to go back to the start.
  const title = await player.locator(".st-title").textContent();
  await player.focus();
  await page.keyboard.press("n");
  check((await player.locator(".st-title").textContent()) !== title, "N shows another puzzle");
  check((await pos()) === 0, "a new board starts at step 0");
  await player.locator(".st-speed input").fill("3");
  await player.focus();
  await page.keyboard.press(" ");
  check((await state()) === "playing", "Space plays");
  await page.waitForTimeout(600);
  await page.keyboard.press(" ");
  check((await state()) === "paused" && (await pos()) > 0, "Space pauses after some steps");
  await page.keyboard.press("Home");
  check((await pos()) === 0, "Home goes back to the start");
  check(JSON.stringify(await board()) !== JSON.stringify(start) || title.includes("1 of 1"),
    "the new board is another puzzle");

  // New board deals the generated puzzles, each press another; a named grid can still be picked.
  const generatedCount = await player.locator(".st-picker optgroup option").count();
  check(generatedCount >= 2, `the picker lists ${generatedCount} generated puzzles`);
  const dealt = [];
  for (let k = 0; k < Math.min(generatedCount, 6); k++) {
    await player.locator("button[title^='Another puzzle']").click();
    dealt.push(await player.locator(".st-title").textContent());
  }
  check(dealt.every((t) => t.includes("generated")), "New board deals generated puzzles");
  check(new Set(dealt).size === dealt.length, `${dealt.length} presses of New board, ${dealt.length} different boards`);
  await player.locator(".st-picker").selectOption({ label: "hard" });
  check((await player.locator(".st-title").textContent()).includes("hard"), "a named grid can be picked");

  // A person's path, with pencil marks.
  const person = player.locator(".st-person");
  const shown = async () =>
    cells.evaluateAll((cs) => cs.map((c) => (c.classList.contains("st-marks") ? 0 : Number(c.textContent.trim() || 0))));
  const marksShown = async () =>
    cells.evaluateAll((cs) => cs.map((c) =>
      Array.from(c.querySelectorAll(".st-mark:not(.st-struck)")).map((m) => Number(m.textContent)).filter((d) => d > 0)));
  const counter = async (what) =>
    Number(new RegExp(what + " (\\d+)").exec(await player.locator(".st-counters").textContent())[1]);
  const peers = (c) => [...Array(81).keys()].filter((d) => d !== c && (Math.floor(d / 9) === Math.floor(c / 9) ||
    d % 9 === c % 9 || (Math.floor(d / 27) === Math.floor(c / 27) && Math.floor((d % 9) / 3) === Math.floor((c % 9) / 3))));
  let beyondSeen = false, solvedSeen = false, struckSeen = false;
  const options = await player.locator(".st-picker option").count();
  for (let o = 0; o < options; o++) {
    await player.locator(".st-picker").selectOption({ index: o });
    const name = (await player.locator(".st-picker option").nth(o).textContent()).trim();
    if ((await person.count()) === 0) {
      check(false, `${name}: a person's path is offered`);
      continue;
    }
    await person.click();
    if (o === 0) {
      check((await person.getAttribute("aria-pressed")) === "true", "person: its button is pressed");
      check((await pos()) === 0, "person: the path starts at step 0");
      const grid = await shown(), marks = await marksShown();
      const right = grid.every((d, c) => d !== 0 || JSON.stringify(marks[c]) ===
        JSON.stringify([1, 2, 3, 4, 5, 6, 7, 8, 9].filter((k) => !peers(c).some((p) => grid[p] === k))));
      check(right, "person: each blank cell shows as pencil marks the digits its peers leave");
      await player.locator("button[title^='One step forward']").click();
      check(/^Step 1: [a-z -]+ \(\d+\.\d\): .+/.test(await player.locator(".st-status").textContent()),
        "person: a step says its technique, rating and sentence");
      check((await player.locator(".st-at, .st-pattern, .st-struck").count()) > 0, "person: the step is highlighted");
      await player.locator("button[title^='One step back']").click();
      check((await pos()) === 0, "person: one step back");
      // Hint by parts: the technique, then where to look, then the step; nothing more each time.
      const hint = player.locator(".st-hint");
      const status = async () => player.locator(".st-status").textContent();
      const marksBefore = JSON.stringify(await marksShown());
      check(await hint.isVisible(), "person: a Hint button is offered");
      await hint.click();
      const first = await status();
      const technique = /^Hint: ([a-z -]+) \(\d+\.\d\)\. /.exec(first);
      check(technique !== null && (await pos()) === 0 && (await player.getAttribute("data-revealed")) === "1",
        `person: the first press of Hint names the technique and its rating only: ${first}`);
      check((await player.locator(".st-pattern, .st-at, .st-struck").count()) === 0 &&
        JSON.stringify(await marksShown()) === marksBefore, "person: and shows nothing on the board");
      await hint.click();
      const second = await status();
      const look = /: look at ((?:r\dc\d(?:, )?)+)\. /.exec(second);
      const lookCells = look ? look[1].split(", ") : [];
      check(look !== null && (await pos()) === 0 && second.startsWith(technique && technique[0].slice(0, -2)),
        `person: the second press adds where to look: ${second}`);
      check((await player.locator(".st-pattern").count()) === lookCells.length &&
        (await player.locator(".st-at, .st-struck").count()) === 0 &&
        JSON.stringify(await marksShown()) === marksBefore,
        "person: it shades those cells, and neither strikes nor places a digit");
      await hint.click();
      check((await pos()) === 1 && (await status()).startsWith("Step 1: " + (technique ? technique[1] : "?") + " ("),
        "person: the third press takes the step the hint named");
      await player.locator("button[title^='One step back']").click();
      await player.focus();
      await page.keyboard.press("h");
      check((await player.getAttribute("data-revealed")) === "1", "person: H presses Hint");
      await player.locator("button[title^='One step back']").click();
      check((await pos()) === 0 && (await player.getAttribute("data-revealed")) === "0",
        "person: moving along the path puts the hint away");
      check((await player.locator(".st-speed input").inputValue()) === "1", "person: steps come at a reading pace");
      await player.locator(".st-play").click();
      await page.waitForTimeout(1300);
      await player.locator(".st-play").click();
      check((await state()) === "paused" && (await pos()) >= 1, "person: Play steps through the path, Pause stops it");
      await player.locator("button[title^='Back to the start']").click();
    }
    // Step through until a step strikes candidates out, the first time one does.
    const before = await pos();
    await player.locator("button[title^='To the end']").click();
    const length = await pos();
    if (!struckSeen) {
      await player.locator("button[title^='Back to the start']").click();
      for (let k = 0; k < length && !struckSeen; k++) {
        const left = await counter("candidates left");
        const placed = await counter("placed");
        await player.locator("button[title^='One step forward']").click();
        const struck = await player.locator(".st-struck").count();
        if (struck > 0 && (await counter("placed")) === placed) {
          struckSeen = true;
          check(left - (await counter("candidates left")) === struck,
            `person, ${name}: the candidates struck out are the ones the counter no longer counts`);
          await player.screenshot({ path: screenshot.replace(/\.png$/, "-person.png") });
        }
      }
      await player.locator("button[title^='To the end']").click();
    }
    check(before === 0 && (await state()) === "end", `person, ${name}: the path plays to its end`);
    const end = await shown();
    const verdict = await player.locator(".st-verdict").textContent();
    if (isSolution(end)) {
      solvedSeen = true;
      check(/Solved/.test(verdict) && /\d\.\d/.test(verdict) && (await player.getAttribute("data-solved")) === "yes",
        `person, ${name}: the path ends on the solution and the player gives its rating`);
    } else {
      beyondSeen = true;
      check(/stop/.test(verdict) && /beyond/.test(verdict), `person, ${name}: the player says where the techniques stop`);
    }
  }
  check(solvedSeen, "some puzzle is solved by a person's path");
  // Since the nested forcing chains, the ladder finishes every puzzle of the page's set, as SE
  // does; a path that stops is still checked above, where it happens.
  if (beyondSeen) console.log("check-player: note: a puzzle is beyond the techniques");
  check(struckSeen, "some step strikes candidates out");

  check(errors.length === 0, "no script errors" + (errors.length ? ": " + errors.join("; ") : ""));
  check(remote.length === 0, "nothing requested from the network" + (remote.length ? ": " + remote.join(" ") : ""));
} finally {
  await browser.close();
}
console.log(`check-player: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
