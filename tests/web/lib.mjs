// What the browser tests share: starting `carc serve` on a scratch database, launching Debian's
// chromium through playwright-core, and a "person" who makes one decision on a game page with
// clicks and keys only (never by sending moves itself).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import WebSocketRaw from 'ws';

export const ROOT = resolve(new URL('../..', import.meta.url).pathname);

/**
 * Starts `carc serve` on a free port. `db` reuses a database (to restart a server); `extra`: more
 * options of `carc serve`; resolves to {url, proc, db, stop()}.
 */
export function startServer(carc, db = join(mkdtempSync(join(tmpdir(), 'carc-web-')), 'games.sqlite'), port = 0, extra = []) {
  return new Promise((res, rej) => {
    const proc = spawn(carc, ['serve', '--port', String(port), '--db', db, '--web', join(ROOT, 'web'), ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => rej(new Error(`carc serve did not start: ${out}`)), 10000);
    const onData = (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m && !started) {
        started = true;
        clearTimeout(timer);
        res({
          url: `http://127.0.0.1:${m[1]}`, port: Number(m[1]), proc, db,
          // a clean stop exits 0: a leak or sanitizer report at exit fails the test
          stop: async () => {
            await stop(proc);
            if (proc.exitCode !== 0) throw new Error(`carc serve stopped with ${proc.exitCode ?? proc.signalCode}:\n${out.slice(-4000)}`);
          },
        });
      }
    };
    let started = false;
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', (code, signal) => {
      // a server that dies on its own (a crash, a sanitizer report) says why on the test's output
      if (started && !proc.stopping) console.error(`carc serve died (${code ?? signal}):\n${out.slice(-4000)}`);
      rej(new Error(`carc serve exited (${code}): ${out}`));
    });
  });
}

function stop(proc, signal = 'SIGTERM') {
  proc.stopping = true;
  return new Promise((res) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return res();
    proc.on('exit', () => res());
    proc.kill(signal);
  });
}

export function kill(server) {
  return stop(server.proc, 'SIGKILL');
}

/**
 * Chromium, whose pages answer questions with nothing to choose after 50 ms instead of the
 * 1.2 to 2.4 s a player's page waits (`carc.autopass`, docs/WEB.md): whole games stay quick.
 * A test that wants the real pause removes the key in an init script of its own.
 */
export async function launch() {
  const browser = await chromium.launch({ executablePath: process.env.CARC_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const quick = () => { try { localStorage.setItem('carc.autopass', '50'); } catch { /* a page without storage */ } };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (o) => { const c = await newContext(o); await c.addInitScript(quick); return c; };
  browser.newPage = async (o) => { const c = await browser.newContext(o); const p = await c.newPage(); p.once('close', () => c.close().catch(() => {})); return p; };
  return browser;
}

export async function createGame(base, body) {
  const r = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (r.status !== 201) throw new Error(`POST /api/games: ${r.status} ${await r.text()}`);
  return r.json();
}

/** The two screen sizes every screenshot is taken at: name, width, height. */
export const SIZES = [['desktop', 1280, 800], ['phone', 390, 844]];

/**
 * A function that takes screenshot `name`-SIZE.png of the page at each of SIZES into dir,
 * waiting `settle` ms after each resize, and puts the desktop size back.
 * @param {import('playwright-core').Page} page
 * @param {string} dir
 * @param {number} settle
 * @returns {(name: string) => Promise<void>}
 */
export function shooter(page, dir, settle = 250) {
  return async (name) => {
    for (const [size, w, h] of SIZES) {
      await page.setViewportSize({ width: Number(w), height: Number(h) });
      await page.waitForTimeout(settle);
      await page.screenshot({ path: join(dir, `${name}-${size}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(100);
  };
}

/**
 * The tiles ("x,y") where this seat's figure of a kind stands, read from the board's drawing.
 * @param {import('playwright-core').Page} page
 * @param {string} figure
 * @param {number} seat
 * @returns {Promise<string[]>}
 */
export function figureTiles(page, figure, seat) {
  return page.$$eval(`#board .layer-followers .follower.seat-${seat}[data-figure=${figure}]`, (els) => els.map((e) => {
    const m = /translate\((-?[\d.]+) (-?[\d.]+)\)/.exec(e.getAttribute('transform') ?? '');
    return m ? `${Math.floor(Number(m[1]) / 100)},${Math.floor(Number(m[2]) / 100)}` : '';
  }));
}

/**
 * A page at the desktop size whose errors go to `errors`, and its shooter into dir (made if
 * missing): how the tests that take screenshots begin.
 * @param {import('playwright-core').Browser} browser
 * @param {string[]} errors
 * @param {string} dir
 * @param {number} [settle]
 */
export async function shotPage(browser, errors, dir, settle = 250) {
  mkdirSync(dir, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchErrors(page, errors);
  return { page, shoot: shooter(page, dir, settle) };
}

/** Collects page errors so a test can fail on any. */
export function watchErrors(page, errors) {
  page.on('pageerror', (e) => errors.push(`page error: ${e.stack ?? e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource|WebSocket/.test(m.text())) errors.push(`console: ${m.text()}`); });
}

/** What the page shows now: 'over', 'mine' (a decision is owed and offered) or 'wait'. */
export function turnNow(page) {
  return page.evaluate(() => {
    const fin = /** @type {HTMLElement|null} */ (document.querySelector('#final'));
    if (fin && !fin.hidden) return 'over';
    if (document.querySelector('#status.mine') && document.querySelector('#prompt [data-key], .spot, .target')) return 'mine';
    return 'wait';
  });
}

/** Waits until the page owes a decision ('mine'), the game is over ('over'), or `ms` pass ('wait'). */
export async function waitTurn(page, ms = 30000) {
  try {
    const h = await page.waitForFunction(() => {
      const fin = document.querySelector('#final');
      if (fin && !fin.hidden) return 'over';
      if (document.querySelector('#status.mine') && document.querySelector('#prompt .buttons, #prompt [data-key]')) return 'mine';
      if (document.querySelector('#status.mine') && document.querySelector('.spot, .target')) return 'mine';
      return false;
    }, null, { timeout: ms, polling: 50 });
    return await h.jsonValue();
  } catch {
    return 'wait';
  }
}

/**
 * Makes one decision as a person would: a placement (arrow key to a spot, sometimes R, then the
 * confirm button), a board target (click it, then confirm), a card draw, a block, a discard, a
 * card from the hand (at most `cardsPerTurn` per window), or pass. Returns what it did.
 */
export async function decide(page, memo = { turn: -1, cards: 0, n: 0 }, cardsPerTurn = 1) {
  const index = await page.evaluate(() => document.querySelector('#hand-tiles h2')?.textContent ?? '');
  if (index !== memo.turn) { memo.turn = index; memo.cards = 0; }
  // every other decision by keys alone, the others by clicking the board and the buttons
  const keys = (memo.n = (memo.n ?? 0) + 1) % 2 === 0;
  if (await page.locator('.spot').count()) {
    if (keys) {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('r');
      await page.keyboard.press('Enter');
      return 'place';
    }
    await page.locator('.spot').first().click();
    if (await page.locator('[data-key=rotate]:not([disabled])').count()) await page.locator('.spot.active').click();
    await page.locator('[data-key=confirm]').click();
    return 'place';
  }
  const target = page.locator('#board .target').first();
  if (await target.count()) {
    if (keys) {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      return 'target';
    }
    await target.click();
    const confirm = page.locator('[data-key=confirm]');
    if (await confirm.count()) await confirm.click();
    return 'target';
  }
  for (const key of ['draw', 'block', 'discard']) {
    const b = page.locator(`[data-key=${key}]`).first();
    if (await b.count()) { await b.click(); return key; }
  }
  const card = page.locator('#hand .card.playable').first();
  if (memo.cards < cardsPerTurn && await card.count()) {
    memo.cards++;
    await card.click();
    const confirm = page.locator('[data-key=confirm]');
    if (!(await page.locator('#board .target').count()) && await confirm.count()) await confirm.click();
    return 'card';
  }
  const pass = page.locator('[data-key=pass]');
  if (await pass.count()) { await pass.click(); return 'pass'; }
  const cancel = page.locator('[data-key=cancel]');
  if (await cancel.count()) { await cancel.click(); return 'cancel'; }
  throw new Error(`no way to decide: ${await page.locator('#prompt').innerText()}`);
}

/** The scores shown on the page, by seat (the players panel, or the final table when over). */
export async function pageScores(page, final = false) {
  const sel = final ? '#final .final-score' : '#players .score';
  return page.$$eval(sel, (els) => els.map((e) => Number(e.getAttribute('data-score'))));
}

export function check(cond, message) {
  if (!cond) throw new Error(message);
}

/**
 * Text meant for players on the page: every text node (closed panels and lists included) and
 * the title, aria-label and placeholder attributes. Links' addresses and data-* are not read.
 */
export function playerText(page) {
  return page.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let n = walk.currentNode; n; n = walk.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        const p = n.parentElement;
        if (p && !['SCRIPT', 'STYLE', 'CODE'].includes(p.tagName) && !p.closest('a[href]:not([href^="/"])') && n.textContent.trim()) out.push(n.textContent.trim());
      } else for (const a of ['title', 'aria-label', 'placeholder']) {
        const v = /** @type {Element} */ (n).getAttribute(a);
        if (v) out.push(v);
      }
    }
    out.push(document.title);
    return out;
  });
}

/** What text for players must never hold (issue 21): coordinates, ports, ids, rule ids, rotations. */
export const NOT_FOR_PLAYERS = [
  [/\(-?\d+, ?-?\d+\)/, 'coordinates'],
  [/\b(road|city|field|cloister):[A-Z]{1,2}\b/, 'a segment in notation'],
  [/\b[a-z]+_[a-z_]+\b/, 'an id'],
  [/\b[BGXCE]\d{1,2}\b/, 'a rule id'],
  [/\br[0-3]\b/, 'a rotation'],
  [/\b(window_before|card_draw|card_target|end_choice|window_after)\b/, 'a decision id'],
];

/** Fails when any text for players on the page holds notation; `where` names the moment. */
export async function checkPlayerText(page, where) {
  for (const t of await playerText(page)) {
    for (const [re, what] of NOT_FOR_PLAYERS) {
      if (re.test(t)) throw new Error(`${where}: ${what} in text for players: "${t.slice(0, 200)}"`);
    }
  }
}

/**
 * At the end of a game: the final scores the page shows equal the record's, and `carc replay`
 * accepts the record. Returns the scores shown.
 * @param {import('playwright-core').Page} page
 * @param {string} base  the server's URL
 * @param {string} id  the game's id
 * @param {string} carc  the carc binary
 * @returns {Promise<number[]>}
 */
export async function checkRecord(page, base, id, carc) {
  const shown = await pageScores(page, true);
  const rec = await (await fetch(`${base}/api/games/${id}/record`)).json();
  check(JSON.stringify(shown) === JSON.stringify(rec.scores), `page scores ${shown} differ from the record's ${rec.scores}`);
  const file = join(mkdtempSync(join(tmpdir(), 'carc-rec-')), 'game.json');
  writeFileSync(file, JSON.stringify(rec));
  const out = execFileSync(carc, ['replay', file], { encoding: 'utf8' });
  check(/all scores match/.test(out), `carc replay: ${out}`);
  return shown;
}

/**
 * A seat played by a raw WebSocket session beside its page (quick: no clicks), from a seeded
 * generator so that a game goes the same way every run. `choose(frame, rand)` gives the move
 * for each state frame where the seat owes a decision, or null to leave that decision to the
 * seat's page (the session waits for the next state); refusals (the page moved first) are
 * ignored. Returns {last: the last state frame seen, poke(): ask `choose` again about it (after
 * the page has done what it was left, or after a hold), hold: set to answer nothing, close()}.
 * @param {{port: number}} server @param {string} path the seat's `ws` path
 * @param {(frame: any, rand: (n: number) => number) => string|null} choose @param {number} seed
 */
export function rawSeat(server, path, choose, seed) {
  let r = seed >>> 0 || 1;
  /** xorshift32: the same moves for the same seed */
  const rand = (n) => { r ^= r << 13; r >>>= 0; r ^= r >>> 17; r ^= r << 5; r >>>= 0; return r % n; };
  const ws = new WebSocketRaw(`ws://127.0.0.1:${server.port}${path}`);
  let sent = -1;
  /** @param {any} f */
  const answer = (f) => {
    if (!f || me.hold || f.over || !f.legal.length || f.index === sent) return;
    const m = choose(f, rand);
    if (m === null) return;
    sent = f.index;
    ws.send(JSON.stringify({ type: 'move', index: f.index, move: m }));
  };
  // poke(): ask again about the last state (what the page is left to do has changed)
  // hold: answer nothing while true (a test looking at a page that must not change meanwhile)
  const me = { last: null, hold: false, close: () => ws.close(), poke: () => answer(me.last) };
  ws.on('message', (d) => {
    const f = JSON.parse(String(d));
    if (f.type !== 'state') return;
    me.last = f;
    answer(f);
  });
  ws.on('error', () => {});
  return me;
}

/**
 * A quick move for a raw seat: in the follower step a figure on the tile placed, `odds - 1`
 * times in `odds`, else pass; any other decision at random.
 * @param {any} f a state frame @param {(n: number) => number} rand @param {number} odds
 */
export function quickMove(f, rand, odds = 2) {
  const legal = f.legal;
  if (f.view.pending.decision === 'follower') {
    const own = legal.filter((m) => /^(large )?\w+:\w+$/.test(m));
    if (own.length && rand(odds)) return own[rand(own.length)];
    if (legal.includes('pass')) return 'pass';
  }
  return legal[rand(legal.length)];
}

/**
 * Waits until `page` owes a decision whose legal moves satisfy `test` (read from the list of
 * every choice), or `ms` pass; returns the legal moves, or null.
 * @param {import('playwright-core').Page} page @param {(legal: string[]) => boolean} test
 */
export async function waitLegal(page, test, ms = 20000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const legal = await page.$$eval('#prompt .all-moves button[data-move]', (bs) => bs.map((b) => b.getAttribute('data-move') ?? '')).catch(() => []);
    if (legal.length && (await page.locator('#status.mine').count()) && test(legal)) return legal;
    await page.waitForTimeout(50);
  }
  return null;
}
