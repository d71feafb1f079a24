// Issue 21's browser bugs, each checked in Chromium: a wrong or unknown seat link says so and
// stops reconnecting; the cloister tooltip counts the tiles around it; on a phone (390x844,
// touch) follower targets are touch areas of 44 px at least, 44 px apart, a tap 6 px off a
// target picks that target, and the final table's Total is in view; a move that lost a race
// between two tabs of one seat says so; notices next to the board say what happened (a gift
// with its reason, points scored) and points rise from the feature; over the hand limit one
// copy of a card is marked and the Confirm is in view.
import { check, createGame, decide, launch, startServer, waitTurn, watchErrors } from './lib.mjs';

/** Records every notice shown and every rising number, for the test to read at the end. */
function watchNotices(page) {
  return page.addInitScript(() => {
    /** @type {any} */ (window).seen = { notices: [], rises: 0, boardOverlap: 0 };
    new MutationObserver((muts) => {
      for (const m of muts) for (const n of m.addedNodes) {
        if (!(n instanceof Element)) continue;
        const w = /** @type {any} */ (window).seen;
        if (n.classList.contains('notice')) {
          w.notices.push(n.textContent);
          const a = n.getBoundingClientRect(), b = document.querySelector('.board-wrap')?.getBoundingClientRect();
          if (b && a.top >= b.top && a.bottom <= b.bottom && a.left >= b.left && a.right <= b.right) w.boardOverlap++;
        }
        if (n.classList?.contains('rise')) w.rises++;
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function invalidLinks(server, browser, errors) {
  const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'base', seed: 3 });
  for (const [what, url] of [['a wrong token', `/play/${game.id}/not-the-token`], ['an unknown game', '/play/nosuchgame/abc'], ['an unknown game to watch', '/watch/nosuchgame']]) {
    const page = await browser.newPage();
    let sockets = 0;
    page.on('websocket', () => sockets++);
    await page.goto(`${server.url}${url}`);
    await page.waitForFunction(() => /This link is not valid/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 10000 });
    await page.waitForTimeout(3000);
    check(sockets === 1, `${what}: ${sockets} connections in 3 s, expected 1 and no retry`);
    check(await page.locator('#prompt').innerText().then((t) => /not valid/.test(t)), `${what}: the page does not explain`);
    check(!(await page.locator('#net').isVisible()), `${what}: the page says it is reconnecting`);
    await page.close();
  }
  void errors;
}

async function cloisterTooltip(server, browser) {
  const page = await browser.newPage();
  await page.goto(`${server.url}/how.html`);
  const text = await page.evaluate(async () => {
    const f = await import('/js/features.js');
    return f.featureWords({ type: 'cloister', segments: [[0, 1, 'C']], tiles: 1, pennants: 0, completed: false, followers: [1, 0], tokens: [], locked: false, value: 6 });
  });
  check(/^Cloister: 6 of 9 tiles around and on it, unfinished\. Worth 6 now\./.test(text), `cloister tooltip: "${text}"`);
  await page.close();
}

async function phoneGame(server, browser, errors) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await ctx.newPage();
  watchErrors(page, errors);
  await watchNotices(page);
  const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'gifts,christmas', seed: 8 });
  await page.goto(`${server.url}${game.seats[0].url}`);
  const memo = { turn: -1, cards: 0 };
  let checked = 0, tapped = 0, result;
  for (let n = 0; n < 3000; n++) {
    result = await waitTurn(page);
    if (result === 'over') break;
    check(result === 'mine', `the phone game stalled: ${await page.locator('#status').innerText()}`);
    const targets = await page.$$eval('#board .target-hits circle', (cs) => cs.map((c) => { const r = c.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, h: r.height }; }));
    const follower = /follower/.test(await page.locator('#prompt').innerText());
    if (follower && targets.length >= 2) {
      checked++;
      for (const t of targets) check(t.w >= 43.5 && t.h >= 43.5, `a follower target's touch area is ${t.w.toFixed(1)} x ${t.h.toFixed(1)} px`);
      let gap = Infinity;
      for (let i = 0; i < targets.length; i++) for (let j = i + 1; j < targets.length; j++) gap = Math.min(gap, Math.hypot(targets[i].x - targets[j].x, targets[i].y - targets[j].y));
      check(gap >= 43.5, `follower targets only ${gap.toFixed(1)} px apart on the phone`);
      const box = await page.locator('#board').boundingBox();
      for (const t of targets) check(t.x > box.x && t.x < box.x + box.width && t.y > box.y && t.y < box.y + box.height, 'a follower target is off the board');
      if (tapped < 4) {
        // 6 px off the first target towards its nearest neighbour: still the first
        const a = targets[0];
        const b = targets.slice(1).sort((p, q) => Math.hypot(p.x - a.x, p.y - a.y) - Math.hypot(q.x - a.x, q.y - a.y))[0];
        const d = Math.hypot(b.x - a.x, b.y - a.y);
        const want = await page.$$eval('#board .target[data-target]', (els) => els.map((e) => e.getAttribute('data-target')));
        await page.touchscreen.tap(a.x + (6 * (b.x - a.x)) / d, a.y + (6 * (b.y - a.y)) / d);
        const got = await page.getAttribute('#board .target.selected', 'data-target');
        check(got === want[0], `a tap 6 px off "${want[0]}" picked "${got}"`);
        await page.keyboard.press('Escape');
        tapped++;
      }
    }
    await decide(page, memo);
  }
  check(result === 'over', 'the phone game did not end');
  check(checked > 5 && tapped > 0, `too few follower decisions checked on the phone: ${checked}`);
  // the final table: the Total of every seat in view, without scrolling sideways
  const totals = await page.$$eval('#final .final-score', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; }));
  check(totals.length === 2, 'no totals in the final table');
  for (const [l, r] of totals) check(l >= 0 && r <= 390, `the final table's Total is cut off (${l.toFixed(0)}..${r.toFixed(0)} of 390 px)`);
  // the log's numbers: three digits fit in its margin
  const fits = await page.evaluate(() => {
    const ol = document.querySelector('#log');
    if (!ol || !ol.firstElementChild) return 'no log';
    const probe = document.createElement('span');
    probe.textContent = '150. ';
    probe.style.font = getComputedStyle(ol.firstElementChild).font;
    probe.style.position = 'absolute';
    document.body.appendChild(probe);
    const need = probe.getBoundingClientRect().width;
    probe.remove();
    const room = parseFloat(getComputedStyle(ol).paddingLeft);
    return room >= need ? '' : `${need.toFixed(1)} px needed, ${room} px of margin`;
  });
  check(fits === '', `three-digit log numbers are clipped: ${fits}`);
  const seen = await page.evaluate(() => /** @type {any} */ (window).seen);
  check(seen.notices.some((t) => /^(Red|Blue).*(extended|completed) .*: (Red|Blue).* receives a gift\.$/.test(t)), `no notice of a gift with its reason: ${JSON.stringify(seen.notices.slice(0, 30))}`);
  check(seen.notices.some((t) => /scores \d+/.test(t)), 'no notice of points scored');
  check(seen.rises > 3, `points rose from features only ${seen.rises} times`);
  check(seen.boardOverlap > 10, 'the notices are not on the board');
  console.log(`     phone: ${checked} follower decisions checked, ${tapped} taps 6 px off; ${seen.notices.length} notices, ${seen.rises} rising points`);
  await ctx.close();
}

async function raceBetweenTabs(server, browser, errors) {
  const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'base', seed: 5 });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await ctx.newPage(), b = await ctx.newPage();
  watchErrors(a, errors); watchErrors(b, errors);
  // tab B's frames can be held back, so that it still offers a decision tab A has made
  let hold = false;
  /** @type {(() => void)[]} */
  const held = [];
  await b.routeWebSocket(/\/ws\//, (ws) => {
    const srv = ws.connectToServer();
    ws.onMessage((m) => srv.send(m));
    srv.onMessage((m) => { if (hold) held.push(() => ws.send(m)); else ws.send(m); });
  });
  const url = `${server.url}${game.seats[0].url}`;
  await a.goto(url); await b.goto(url);
  check(await waitTurn(a) === 'mine' && await waitTurn(b) === 'mine', 'both tabs should offer the first placement');
  hold = true;
  await decide(a, { turn: -1, cards: 0, n: 1 });  // tab A places the tile
  await a.waitForFunction(() => /follower/.test(document.querySelector('#prompt')?.textContent ?? ''), null, { timeout: 10000 });
  await decide(b, { turn: -1, cards: 0, n: 1 });  // tab B, not knowing, places it too
  await b.waitForTimeout(500);
  hold = false;
  for (const f of held.splice(0)) f();
  await b.waitForFunction(() => [...document.querySelectorAll('.notice')].some((n) => /Another tab or device playing your seat moved first/.test(n.textContent ?? '')), null, { timeout: 10000 });
  await b.waitForFunction(() => /follower/.test(document.querySelector('#prompt')?.textContent ?? ''), null, { timeout: 10000 });
  await ctx.close();
}

/**
 * Over the hand limit: clicking one copy of a card marks that copy only, and the Confirm it
 * brings is in view (the hand is below the prompt). Seed 3 with Christmas Present, a person who
 * draws every card and plays none, comes to the limit.
 */
async function discard(server, browser, errors) {
  const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'christmas', seed: 3 });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchErrors(page, errors);
  await page.goto(`${server.url}${game.seats[0].url}`);
  const memo = { turn: -1, cards: 0 };
  let checked = 0;
  for (let n = 0; n < 3000 && !checked; n++) {
    if (await waitTurn(page) !== 'mine') break;
    if (await page.locator('[data-key=discard]').count()) {
      const ids = await page.$$eval('#hand .card.playable', (els) => els.map((e) => e.getAttribute('data-card')));
      const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
      const pick = dup >= 0 ? dup : ids.length - 1;
      await page.locator('#hand .card.playable').nth(pick).click();
      check(await page.locator('#hand .card.chosen').count() === 1, `one card clicked, ${await page.locator('#hand .card.chosen').count()} marked`);
      const inView = await page.locator('[data-key=confirm]').evaluate((b) => {
        const r = b.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      });
      check(inView, 'the Confirm of a discard is out of view');
      await page.locator('[data-key=confirm]').click();
      checked++;
      continue;
    }
    await decide(page, memo, 0);
  }
  check(checked > 0, 'no discard over the hand limit came up (seed 3)');
  await page.close();
}

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    await invalidLinks(server, browser, errors);
    await cloisterTooltip(server, browser);
    await raceBetweenTabs(server, browser, errors);
    await discard(server, browser, errors);
    await phoneGame(server, browser, errors);
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
