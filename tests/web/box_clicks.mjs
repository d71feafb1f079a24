// A whole game played on a seat's page by clicks, the person's choices those of box_policy.mjs
// (web_abbey_game, web_three_boxes_game): a raw session of the same seat, which never moves,
// reads each frame (its decision, stack and events) beside the page; each move is made on the
// page as a person would (a hole or a spot, a figure button, a mode button, a target on the
// board, the confirm, a ransom or exchange button, pass). `onDecision(f, m)` is called before
// each move (checks, screenshots), `onFrame(f, prev)` on every frame. `boxGame` is the whole
// test around it: a server, the page, the game to its end, what was seen, the record checked.
import WebSocketRaw from 'ws';
import { check, checkRecord, createGame, launch, shotPage, startServer, waitTurn } from './lib.mjs';
import { boxMove, boxSeen } from './box_policy.mjs';

/**
 * Makes move `m` of frame `f` on the page by clicks.
 * @param {import('playwright-core').Page} page @param {any} f @param {string} m
 */
export async function clickMove(page, f, m) {
  const dec = f.view.pending.decision;
  // forced: a real click where the element is, without playwright's wait for it to be still
  // over two frames, which on a busy machine cost half a second a click (the page is not
  // animated; each click is made once the page shows what it is made on)
  const click = async (/** @type {string} */ sel) => page.locator(sel).first().click({ force: true });
  const confirm = async () => click('#prompt [data-key=confirm]');
  // at the target's own point: two targets close together overlap, and the board takes the
  // nearest to where it was clicked (playwright would see the other's ring in the way)
  const target = async (/** @type {string} */ t) => click(`#board .layer-targets [data-target="${t}"]`);
  if (m === 'pass') return click('#prompt [data-key=pass]');
  if (m === 'abbey') {
    // a hole on the board, as a placement's spot (the abbey chosen with it)
    const hole = page.locator('#board [data-hole]').first();
    return click((await hole.count()) ? '#board [data-hole]' : '#prompt [data-key=abbey]');
  }
  if (dec === 'place') {
    const [, x, y] = /\((-?\d+),(-?\d+)\)/.exec(m) ?? [];
    if (!(await page.locator(`#board .spot.active[data-spot="${x},${y}"]`).count())) await click(`#board .spot[data-spot="${x},${y}"]`);
    return confirm();
  }
  const w = m.split(' ');
  if (w[0] === 'ransom' || w[0] === 'exchange') return click(`#prompt [data-key=${w[0]}][data-move="${m}"]`);
  if (w[0] === 'floor' || w[0] === 'dragon') {
    if (w[0] === 'floor' && await page.locator('#prompt [data-key=mode-floor]').count()) await click('#prompt [data-key=mode-floor]');
    await target(w[1]);
    return confirm();
  }
  if (w[0] === 'capture') {
    const tok = /\(-?\d+,-?\d+\) \w+:\w+/.exec(m)?.[0] ?? '';
    await target(tok);
    const seat = /seat:(\d)/.exec(m)?.[1];
    if (seat && await page.locator(`#prompt [data-key=seat-${seat}]`).count()) await click(`#prompt [data-key=seat-${seat}]`);
    return confirm();
  }
  // a figure: its mode and figure buttons when shown, then its place on the board
  const fig = ['large', 'mayor', 'wagon', 'barn', 'abbot', 'builder', 'pig'].includes(w[0]) ? w[0] : 'meeple';
  if (dec === 'follower' && await page.locator('#prompt [data-key=mode-follower]').count()) await click('#prompt [data-key=mode-follower]');
  if (await page.locator(`#prompt [data-key=figure-${fig}]`).count()) await click(`#prompt [data-key=figure-${fig}]`);
  await target(fig === 'meeple' ? m : w.slice(1).join(' '));
  return confirm();
}

/**
 * Plays the page's seat to the end of the game. `abbeyNow` as boxMove's; returns the number of
 * moves made by clicks.
 * @param {import('playwright-core').Page} page @param {any} server @param {string} wsPath
 * @param {(f: any) => boolean} abbeyNow
 * @param {{onDecision?: (f: any, m: string) => Promise<void>, onFrame?: (f: any, prev: any) => void}} hooks
 */
export async function playByClicks(page, server, wsPath, abbeyNow, hooks = {}) {
  /** @type {{last: any}} the last state frame the session saw */
  const watcher = { last: null };
  const ws = new WebSocketRaw(`ws://127.0.0.1:${server.port}${wsPath}`);
  ws.on('message', (d) => {
    const f = JSON.parse(String(d));
    if (f.type !== 'state') return;
    hooks.onFrame?.(f, watcher.last);
    watcher.last = f;
  });
  ws.on('error', () => {});
  let moves = 0;
  try {
    for (let n = 0; n < 2000; n++) {
      const t = await waitTurn(page, 30000);
      if (t === 'over') return moves;
      check(t === 'mine', `the game stalled: ${await page.locator('#status').innerText()}`);
      // the page's choices and the session's frame agree (the same decision)
      const legal = await page.$$eval('#prompt .all-moves button[data-move]', (bs) => bs.map((b) => b.getAttribute('data-move') ?? ''));
      const t0 = Date.now();
      while (JSON.stringify(watcher.last?.legal) !== JSON.stringify(legal) && Date.now() - t0 < 5000) await page.waitForTimeout(20);
      const f = watcher.last;
      if (JSON.stringify(f?.legal) !== JSON.stringify(legal)) continue;  // the page moved on meanwhile
      const m = boxMove(f, abbeyNow);
      await hooks.onDecision?.(f, m);
      await clickMove(page, f, m);
      moves++;
      // the move was sent: on to the next frame
      const t1 = Date.now();
      while ((watcher.last?.index ?? 0) <= f.index && Date.now() - t1 < 10000) await page.waitForTimeout(20);
    }
    throw new Error('no end after 2000 decisions');
  } finally {
    ws.close();
  }
}

/**
 * A whole game on the first seat's page by clicks against the computer players `players` names
 * after it: `onDecision(page, f, m, shoot)` before each of the person's moves; then
 * `atEnd(page, seen, shoot)` on the final screen, before the scores are checked against the
 * record and `carc replay`. Fails on any page error. Returns what was seen (boxSeen) and the
 * number of moves made by clicks.
 * @param {{carc: string, shots: string}} opts
 * @param {{expansions: string, players: string[], seed: number, abbeyNow: (f: any) => boolean}} game
 * @param {(page: import('playwright-core').Page, f: any, m: string, shoot: (name: string) => Promise<void>) => Promise<void>} onDecision
 * @param {(page: import('playwright-core').Page, seen: Record<string, number>, shoot: (name: string) => Promise<void>) => Promise<void>} atEnd
 */
export async function boxGame(opts, game, onDecision, atEnd) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  /** @type {string[]} */
  const errors = [];
  try {
    const { page, shoot } = await shotPage(browser, errors, opts.shots);
    const g = await createGame(server.url, { players: game.players, expansions: game.expansions, seed: game.seed });
    await page.goto(`${server.url}${g.seats[0].url}`);
    await page.waitForSelector('#board .tile-art');
    /** @type {Record<string, number>} */
    const seen = {};
    const moves = await playByClicks(page, server, g.seats[0].ws, game.abbeyNow, {
      onFrame: (f, prev) => boxSeen(f, prev, seen),
      onDecision: (f, m) => onDecision(page, f, m, shoot),
    });
    await page.waitForSelector('#final:not([hidden])');
    await atEnd(page, seen, shoot);
    await checkRecord(page, server.url, g.id, opts.carc);
    check(!errors.length, errors.join('\n'));
    return { seen, moves };
  } finally {
    await browser.close();
    await server.stop();
  }
}
