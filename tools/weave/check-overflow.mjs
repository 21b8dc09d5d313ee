// Measures what the page cuts off, in headless Chromium driven by playwright-core: see
// check-overflow.sh, which installs what this needs and runs it.
//
//   node check-overflow.mjs BOOK_DIR SCREENSHOT_DIR
//
// Every chapter is opened from file://, offline, at 1280 and at 390 pixels wide. An element
// overflows when its content is wider than the box it is shown in (scrollWidth against
// clientWidth), or when its box is wider than the column of text (`main`). At 1280 pixels no
// code block, table, figure or trace player may overflow; at 390 pixels no figure or player may
// (code and tables may scroll there: a table keeps its row labels, see weave.css), and every
// table that holds numbers shows one of its first row's beside its row label, and scrolls in its
// own box when it is wider than the column. A screenshot
// of each width is saved for the pages named in SHOTS (default: benchmarks, comparison,
// watching). Exits non-zero when anything overflows.

import { chromium } from "playwright-core";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const [book, shots] = process.argv.slice(2);
if (!book || !shots) {
  console.error("usage: node check-overflow.mjs BOOK_DIR SCREENSHOT_DIR");
  process.exit(2);
}
const skip = new Set(["print.html", "toc.html", "404.html"]);
const pages = readdirSync(book).filter((f) => f.endsWith(".html") && !skip.has(f)).sort();
const wanted = new Set((process.env.SHOTS || "benchmarks,comparison,watching").split(","));
const widths = [
  { width: 1280, kinds: ["code", "table", "figure", "player"] },
  { width: 390, kinds: ["figure", "player"] },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
let overflows = 0;
try {
  for (const { width, kinds } of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.route(/^(?!file:)/, (route) => route.abort());
    const page = await context.newPage();
    for (const name of pages) {
      await page.goto("file://" + join(book, name));
      const found = await page.evaluate((kinds) => {
        const main = document.querySelector("main");
        const column = main ? main.getBoundingClientRect() : null;
        const selectors = {
          code: "main pre",
          table: "main table",
          figure: "main figure, main svg",
          player: "main .sudoku-trace",
        };
        const out = [];
        for (const kind of kinds) {
          for (const el of document.querySelectorAll(selectors[kind])) {
            // A table scrolls inside mdBook's wrapper: that wrapper is its box.
            const box = kind === "table" && el.parentElement.classList.contains("table-wrapper")
              ? el.parentElement : el;
            const rect = box.getBoundingClientRect();
            // A code block scrolls inside its `code` element, not its `pre`: measure both.
            const scroller = kind === "code" ? box.querySelector("code") : null;
            const inner = Math.max(
              box.scrollWidth - box.clientWidth,
              scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
            );
            const outer = column ? Math.max(0, rect.right - column.right, column.left - rect.left) : 0;
            const by = Math.max(inner, kind === "table" ? el.scrollWidth - box.clientWidth : 0, outer);
            if (by > 1) {
              const text = (el.innerText || el.textContent || "").trim().split("\n")[0].slice(0, 60);
              out.push({ kind, by: Math.round(by), text });
            }
          }
        }
        return out;
      }, kinds);
      for (const f of found) {
        overflows += 1;
        console.error(`check-overflow: FAIL: ${name} at ${width} px: ${f.kind} overflows by ${f.by} px: ${f.text}`);
      }
      // On a phone, a table that holds numbers shows one of its first row's without scrolling
      // sideways: a cell after the first, with a digit in it, wholly inside the table's box and
      // right of the first column (which stays in view as the table scrolls). A table wider than
      // the column must scroll in a box of its own, not be cut off.
      if (width < 600) {
        const hidden = await page.evaluate(() => {
          const out = [];
          for (const table of document.querySelectorAll("main table")) {
            const row = table.querySelector("tbody tr");
            if (!row || row.cells.length < 2) continue;
            // A number: digits with their separators, perhaps a unit or a sign (`49,158`,
            // `8.74 µs`, `12.3 %`, `1.79×`, `10.9/10.9/2.6`), or two such, each with its unit,
            // as a table shows a best and a median (`162 ms / 170 ms`, `0.77× / 0.78×`); not a
            // sentence with a digit in it.
            const one = String.raw`[-–+~≈<>]?\s*\d[\d.,/:\s]*\s*(ns|µs|ms|s|%|×|x|MB|kB|KB)?`;
            const number = new RegExp(`^${one}(\\s*/\\s*${one})*$`);
            const numbers = [...row.cells].slice(1).filter((c) => number.test(c.textContent.trim()));
            if (numbers.length === 0) continue;
            const wrapper = table.parentElement.classList.contains("table-wrapper")
              ? table.parentElement : table;
            const box = wrapper.getBoundingClientRect();
            const scrolls = getComputedStyle(wrapper).overflowX;
            const first = row.cells[0].getBoundingClientRect();
            const right = Math.min(box.right, window.innerWidth);
            const seen = numbers.some((c) => {
              const r = c.getBoundingClientRect();
              return r.left >= first.right - 1 && r.right <= right + 1;
            });
            const caption = (row.cells[0].innerText || "").trim().slice(0, 40);
            if (!seen) out.push(`no number of the first row on screen (row: ${caption})`);
            if (wrapper.scrollWidth > wrapper.clientWidth + 1 && !/auto|scroll/.test(scrolls)) {
              out.push(`wider than its box, which does not scroll (row: ${caption})`);
            }
          }
          return out;
        });
        for (const h of hidden) {
          overflows += 1;
          console.error(`check-overflow: FAIL: ${name} at ${width} px: table: ${h}`);
        }
      }
      const stem = name.replace(/\.html$/, "");
      if (wanted.has(stem)) {
        await page.screenshot({ path: join(shots, `${stem}-${width}.png`), fullPage: true });
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`check-overflow: ${pages.length} pages at ${widths.map((w) => w.width).join(" and ")} px, ${overflows} overflow(s)`);
process.exit(overflows > 0 ? 1 : 0);
