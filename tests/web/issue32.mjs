// Issue 32's browser bugs and colour-blind safety, each checked in Chromium, short: Three
// Points is not called wasted; the log covers the whole game; own moves are told as "you";
// notices never cover the board; Enter with nothing chosen says what to choose; the river's
// count says where the other river tiles are; no figure chooser for Cash Out (a frame patched
// on its way in); the Cloister deck's prompt says why and what drawing costs; on a phone a
// card's targets stay on screen with rings 26 px across, and a long press tells a feature;
// every figure carries its seat's digit, readable on its colour under simulated deuteranopia;
// a rematch made with one click moves every page of the game to it.
import { join } from 'node:path';
import { check, createGame, decide, launch, startServer, turnNow, waitTurn, watchErrors } from './lib.mjs';

/** Three Points drawn, scored and discarded is no wasted card (bug 2); own draws say "You". */
async function threePoints(server, browser) {
  const page = await browser.newPage();
  await page.goto(`${server.url}/how.html`);
  const said = await page.evaluate(async () => {
    const { explain } = await import('/js/notices.js');
    const { loadCards } = await import('/js/cards.js');
    await loadCards();
    const view = /** @type {any} */ ({ board: [], features: [] });
    const ev = ['card 0 score_three', 'score 0 3 score_three', 'discard score_three'];
    const { eventWords, loadSentences } = await import('/js/words.js');
    await loadSentences();
    return [explain(ev, null, view, ['Red', 'Blue'], 1).notices.map((n) => n.text), explain(ev, null, view, ['Red', 'Blue'], 0).notices.map((n) => n.text),
      [eventWords('score 0 5 recall (1,0) cloister:C', ['Red', 'Blue'], 0)]];
  });
  check(/^You score 5 recalling your abbot from /.test(said[2][0]), `one's own recall: "${said[2][0]}"`);
  check(!said.slice(0, 2).flat().some((t) => /unused|wasted/.test(t)), `Three Points called wasted: ${JSON.stringify(said)}`);
  check(said[0].some((t) => /^Red draws Three Points from the Cloister deck/.test(t)), `Red's draw: ${JSON.stringify(said[0])}`);
  check(said[1].some((t) => /^You draw Three Points from the Cloister deck/.test(t)), `one's own draw: ${JSON.stringify(said[1])}`);
  await page.close();
}

/** A spectator of a finished game between computers sees the whole log, not the last 150 (bug 3). */
async function wholeLog(server, browser) {
  const game = await createGame(server.url, { players: ['greedy', 'greedy'], expansions: 'base', seed: 2 });
  for (let i = 0; i < 100 && !(await (await fetch(`${server.url}/api/games/${game.id}`)).json()).over; i++) await new Promise((r) => setTimeout(r, 200));
  const page = await browser.newPage();
  await page.goto(`${server.url}${game.watch}`);
  await page.waitForSelector('#final:not([hidden])');
  const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
  const tiles = await page.locator('#board .layer-tiles [data-pos]').count();
  const placed = log.filter((l) => /places a tile\.$/.test(l)).length;
  // every tile but the start tile placed, told from the first
  check(log.length > 150 && placed === tiles - 1, `the log shows ${log.length} lines, ${placed} tiles placed of the ${tiles - 1} on the board`);
  await page.close();
}

/**
 * A person's page, a few turns in: own moves told as "you" (12a), notices never over the
 * board (12c), Enter with no spot chosen says so (12d), every figure with its seat's digit
 * readable under deuteranopia (colour-blind safety), and a screenshot through the filter.
 */
async function personPage(server, browser, errors, shots) {
  const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'gifts,christmas', seed: 8 });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchErrors(page, errors);
  await page.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.overBoard = 0; w.notices = 0;
    new MutationObserver((muts) => {
      for (const m of muts) for (const n of m.addedNodes) {
        if (!(n instanceof Element) || !n.classList.contains('notice')) continue;
        w.notices++;
        const a = n.getBoundingClientRect(), b = document.querySelector('#board')?.getBoundingClientRect();
        if (b && a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right) w.overBoard++;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${server.url}${game.seats[0].url}`);
  check(await waitTurn(page) === 'mine', 'no first decision');
  await page.keyboard.press('Enter');
  check(/Choose a spot first/.test(await page.locator('#status').innerText()), `Enter with no spot chosen: "${await page.locator('#status').innerText()}"`);
  const memo = { turn: -1, cards: 0 };
  for (let n = 0; n < 40; n++) {
    check(await waitTurn(page) === 'mine', 'the game stalled');
    await decide(page, memo, 0);
  }
  const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
  check(log.includes('You place a tile.') && !log.some((l) => /^Red /.test(l)), `own moves in the log: ${log.slice(0, 6).join(' / ')}`);
  const seen = await page.evaluate(() => { const w = /** @type {any} */ (window); return { notices: w.notices, overBoard: w.overBoard }; });
  check(seen.notices > 5 && seen.overBoard === 0, `${seen.overBoard} of ${seen.notices} notices over the board`);
  // every figure carries its seat's digit, and the digit reads on its colour for a deuteranope:
  // WCAG contrast 3 at least between the simulated fill and ink (Machado 2009, linear RGB)
  const figs = await page.evaluate(() => [...document.querySelectorAll('#board .layer-followers .follower')].map((f) => {
    const seat = /seat-(\d)/.exec(f.getAttribute('class') ?? '')?.[1];
    const mark = f.querySelector('.seat-mark');
    return { seat: Number(seat), mark: mark?.textContent ?? '', fill: f.querySelector('path')?.getAttribute('fill') ?? '', ink: mark?.getAttribute('fill') ?? '' };
  }));
  check(figs.length > 4 && new Set(figs.map((f) => f.seat)).size === 2, `too few figures on the board: ${figs.length}`);
  const lin = (c) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const deut = (hex) => {
    const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16)));
    return [0.367322 * r + 0.860646 * g - 0.227968 * b, 0.280085 * r + 0.672501 * g + 0.047413 * b, -0.01182 * r + 0.04294 * g + 0.968881 * b].map((v) => Math.min(1, Math.max(0, v)));
  };
  const lum = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const contrast = (a, b) => { const [x, y] = [lum(deut(a)), lum(deut(b))].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const full = (hex) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);
  for (const f of figs) {
    check(f.mark === String(f.seat + 1), `a figure of seat ${f.seat} is marked "${f.mark}"`);
    const c = contrast(full(f.fill), full(f.ink));
    check(c >= 3, `seat ${f.seat}'s digit: contrast ${c.toFixed(2)} on its colour for a deuteranope`);
  }
  // the same seen through the filter, for the eye (build/screenshots/colourblind-desktop.png)
  await page.evaluate(() => {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', '0'); svg.setAttribute('height', '0');
    svg.innerHTML = '<filter id="deuteranopia" color-interpolation-filters="linearRGB"><feColorMatrix type="matrix" values="0.367322 0.860646 -0.227968 0 0 0.280085 0.672501 0.047413 0 0 -0.01182 0.04294 0.968881 0 0 0 0 0 1 0"/></filter>';
    document.body.appendChild(svg);
    document.documentElement.style.filter = 'url(#deuteranopia)';
  });
  await page.click('#zoom-in'); await page.click('#zoom-in');
  await page.screenshot({ path: join(shots, 'colourblind-desktop.png') });
  await page.close();
}

/** The river phase's line says where the river tiles not left are (12b). */
async function riverCount(server, browser, errors) {
  const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'river', seed: 1 });
  const page = await browser.newPage();
  watchErrors(page, errors);
  await page.goto(`${server.url}${game.seats[0].url}`);
  await page.waitForSelector('#hand-tiles .river-line');
  const line = await page.locator('#hand-tiles .river-line').innerText();
  check(line === 'River phase: 10 river tiles left, the lake last (12 in all: the spring is placed, one is being placed).', `the river line: "${line}"`);
  await page.close();
}

/**
 * Frames patched on their way to the page: Cash Out offered on a large meeple and a meeple
 * shows no figure chooser and both targets (bug 6); the Cloister deck offered says why and
 * what drawing means (bug 8).
 */
async function patchedFrames(server, browser, errors) {
  const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'gifts,christmas', seed: 8 });
  const page = await browser.newPage();
  watchErrors(page, errors);
  /** @type {(f: any) => void} */
  let patch = () => {};
  await page.routeWebSocket(/\/ws\//, (ws) => {
    const srv = ws.connectToServer();
    ws.onMessage((m) => srv.send(m));
    srv.onMessage((m) => {
      const f = JSON.parse(String(m));
      if (f.type === 'state' && f.view?.pending?.seat === 0) patch(f);
      ws.send(JSON.stringify(f));
    });
  });
  patch = (f) => {
    f.view.pending.decision = 'window_before';
    f.view.gifts.hands[0].cards = ['cash_out'];
    f.legal = ['pass', 'open cash_out large (0,0) city:N', 'open cash_out (0,0) road:E'];
  };
  await page.goto(`${server.url}${game.seats[0].url}`);
  await page.locator('#hand .card.playable').click();
  await page.waitForSelector('#board .target');
  check(!(await page.locator('.figure-choice').count()), 'Cash Out shows a figure chooser');
  check(await page.locator('#board .target').count() === 2, `Cash Out shows ${await page.locator('#board .target').count()} targets, not 2`);
  patch = (f) => {
    f.view.pending.decision = 'card_draw';
    f.view.christmas.offered = 'cloister';
    f.legal = ['draw', 'pass'];
  };
  await page.reload();
  await page.waitForSelector('[data-key=draw]');
  const ask = await page.locator('#prompt p').first().innerText();
  check(/^Your tile touches a cloister where another player has a follower, so you may draw from the Cloister deck\. Drawing is up to you: .*Declining keeps your hand/.test(ask), `the Cloister prompt: "${ask}"`);
  await page.close();
}

/**
 * A phone: a card's targets on screen after tapping it, rings 26 px across at least (bug 5);
 * a long press on the start tile's road tells the road (feature information without hover).
 */
async function phone(server, browser, errors) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await ctx.newPage();
  watchErrors(page, errors);
  const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'gifts,christmas', seed: 8 });
  await page.goto(`${server.url}${game.seats[0].url}`);
  check(await waitTurn(page) === 'mine', 'no first decision on the phone');
  // a long press on the road of the start tile: the tip says it is a road
  const box = await page.locator('#board .layer-tiles [data-pos="0,0"]').boundingBox();
  const cdp = await ctx.newCDPSession(page);
  const at = { x: box.x + box.width * 0.2, y: box.y + box.height * 0.5 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
  await page.waitForTimeout(800);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  check(await page.locator('#tip').isVisible(), 'a long press shows no feature');
  check(/^Road/.test(await page.locator('#tip').innerText()), `a long press on the road says "${await page.locator('#tip').innerText()}"`);
  // play on until a card with targets on the board can be played, then tap it
  const memo = { turn: -1, cards: 0 };
  let checked = false;
  for (let n = 0; n < 400 && !checked; n++) {
    const st = await waitTurn(page);
    if (st === 'over') break;
    check(st === 'mine', 'the phone game stalled');
    const cards = page.locator('#hand .card.playable');
    for (let i = 0; i < await cards.count() && !checked; i++) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await cards.nth(i).tap();
      if (!(await page.locator('#board .target').count())) continue;
      await page.waitForTimeout(300);
      const rings = await page.$$eval('#board .target-ring', (els) => els.map((e) => { const r = e.getBoundingClientRect(); return { y: r.y + r.height / 2, x: r.x + r.width / 2, w: r.width }; }));
      const vh = await page.evaluate(() => window.innerHeight);
      for (const r of rings) {
        check(r.y > 0 && r.y < vh && r.x > 0 && r.x < 390, `a card's target is off screen at ${r.x.toFixed(0)},${r.y.toFixed(0)}`);
        check(r.w >= 26, `a card's target ring is ${r.w.toFixed(1)} px across`);
      }
      checked = true;
    }
    if (!checked) await decide(page, memo, 0);
  }
  check(checked, 'no card with targets came to the phone\'s hand (seed 8)');
  await ctx.close();
}

/**
 * A rematch: two people play a base game out; one click on Red's final screen makes the same
 * game again, and Red's, Blue's and a spectator's pages all move to it (each seat with its
 * own token); a page opened on the old game afterwards links to it.
 */
async function rematch(server, browser, errors) {
  const game = await createGame(server.url, { players: ['human', 'human'], expansions: 'base', seed: 4 });
  // a context each, as on three devices (a background tab's timers are slowed)
  const [red, blue, watch] = [await browser.newPage(), await browser.newPage(), await browser.newPage()];
  for (const p of [red, blue, watch]) watchErrors(p, errors);
  await red.goto(`${server.url}${game.seats[0].url}`);
  await blue.goto(`${server.url}${game.seats[1].url}`);
  await watch.goto(`${server.url}${game.watch}`);
  const memo = [{ turn: -1, cards: 0 }, { turn: -1, cards: 0 }];
  for (let n = 0; n < 2000; n++) {
    const [a, b] = [await turnNow(red), await turnNow(blue)];
    if (a === 'over' && b === 'over') break;
    if (a === 'mine') await decide(red, memo[0]);
    else if (b === 'mine') await decide(blue, memo[1]);
    else await red.waitForTimeout(30);
  }
  check(await turnNow(red) === 'over', 'the two-person game did not end');
  await red.click('#rematch');
  await Promise.all([red, blue, watch].map((p) => p.waitForURL((u) => !u.pathname.includes(game.id), { timeout: 10000 })));
  const id = new URL(red.url()).pathname.split('/')[2];
  check(red.url().endsWith(`/play/${id}/${game.seats[0].token}`) && blue.url().endsWith(`/play/${id}/${game.seats[1].token}`) && watch.url().endsWith(`/watch/${id}`),
    `after the rematch: ${red.url()} ${blue.url()} ${watch.url()}`);
  const info = await (await fetch(`${server.url}/api/games/${id}`)).json();
  check(JSON.stringify(info.players) === '["human","human"]' && info.expansions === 'base' && !info.over, `the rematch: ${JSON.stringify(info)}`);
  check(await waitTurn(red) === 'mine', 'Red does not play the rematch');
  const mine = await red.evaluate(() => localStorage.getItem('carc.mygames') ?? '');
  check(mine.includes(id), 'the rematch is not in My games');
  // a page opened on the old game now links to the rematch
  const late = await browser.newPage();
  await late.goto(`${server.url}${game.seats[1].url}`);
  await late.waitForSelector('#rematch-note:not([hidden]) a');
  check((await late.getAttribute('#rematch-note a', 'href')) === `/play/${id}/${game.seats[1].token}`, 'the old game does not link to the rematch');
  for (const p of [red, blue, watch, late]) await p.close();
}

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const parts = [() => threePoints(server, browser), () => wholeLog(server, browser), () => riverCount(server, browser, errors),
      () => patchedFrames(server, browser, errors), () => personPage(server, browser, errors, opts.shots), () => phone(server, browser, errors),
      () => rematch(server, browser, errors)];
    for (const part of parts) {
      const t0 = Date.now();
      await part();
      if (process.env.CARC_WEB_TIMES) console.log(`     ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
