// Clocks and absent players online (issue 32), with short test clocks (seconds, not the presets):
//  1. the lobby's preset reaches the game (its summary and every seat's clock panel);
//  2. a real-time game whose clock runs out: the seat is handed to a computer player (both pages
//     say so, the game goes on without it), its owner takes it back with one click and plays;
//  3. a turn-based game across a server killed and started again: the deadline is the server's,
//     so the time left after the restart is the time left before less the time that passed;
//  4. an absent seat (no clock) handed to a computer player by the vote of both other people,
//     after refusals of a vote too early, for oneself, and of a seat taken back that is not
//     handed over; the owner opens the page later and takes the seat back.
import WebSocket from 'ws';
import { check, createGame, decide, kill, launch, startServer, waitTurn, watchErrors } from './lib.mjs';

/** The clock frames a page receives, in order (every WebSocket it opens). @param {import('playwright-core').Page} page */
function clockFrames(page) {
  /** @type {{at: number, f: any}[]} */
  const seen = [];
  page.on('websocket', (ws) => ws.on('framereceived', (fr) => {
    if (typeof fr.payload === 'string' && fr.payload.startsWith('{"absent"')) seen.push({ at: Date.now(), f: JSON.parse(fr.payload) });
  }));
  return seen;
}

/** Waits until fn() holds (polling), or fails saying what. */
async function until(fn, what, ms = 15000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out: ${what}`);
}

async function lobbyPreset(server, browser, errors) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const lobby = await ctx.newPage();
  watchErrors(lobby, errors);
  await lobby.goto(`${server.url}/`);
  await lobby.selectOption('#clock', 'fast');
  const [page] = await Promise.all([ctx.waitForEvent('page'), lobby.click('#create')]);
  watchErrors(page, errors);
  await page.waitForSelector('#clocks:not([hidden]) .clocks li');
  const id = new URL(page.url()).pathname.split('/')[2];
  const info = await (await fetch(`${server.url}/api/games/${id}`)).json();
  check(info.clock?.kind === 'realtime' && info.clock.start === 180000 && info.clock.move === 10000, `the fast preset: ${JSON.stringify(info.clock)}`);
  const rules = await page.locator('#clocks .clock-rules').innerText();
  check(/3 min each, and 10 s more for every decision/.test(rules) && /computer player plays that seat/.test(rules), `the clock's rules on the page: ${rules}`);
  check(/3:00/.test(await page.locator('#clocks').innerText()), 'the seats start with 3:00');
  await ctx.close();
}

async function runsOut(server, browser, errors) {
  const game = await createGame(server.url, { players: ['human', 'human'], seed: 5, clock: { start: 4, move: 1 } });
  const a = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const b = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchErrors(a, errors);
  watchErrors(b, errors);
  const bFrames = clockFrames(b);
  await b.goto(`${server.url}${game.seats[1].url}`);
  await a.goto(`${server.url}${game.seats[0].url}`);
  const memo = { turn: -1, cards: 0 };
  const turnOf = (p) => p.evaluate(() => document.querySelector('#hand-tiles h2')?.textContent ?? '');
  // Red's turn (its first decision is untimed), then Blue's clock runs and Blue does nothing
  for (let i = 0; i < 6 && await waitTurn(a, 3000) === 'mine'; i++) await decide(a, memo);
  const redTurn = await turnOf(a);
  await b.waitForSelector('#clocks li[data-clock-seat="1"].running', { timeout: 5000 });
  check(/^0:0\d$/.test(await b.locator('#clocks li[data-clock-seat="1"] .clock-left').innerText()), 'Blue\'s clock shows seconds left');
  await b.waitForSelector('#clocks [data-key=back]', { timeout: 15000 });
  check(/Your time ran out: a computer player plays your seat/.test(await b.locator('.clock-away').innerText()), 'the owner is told why');
  check(/computer player plays your seat/.test(await b.locator('#status').innerText()), `Blue's status: ${await b.locator('#status').innerText()}`);
  await a.waitForSelector('#clocks li[data-clock-seat="1"] .clock-state:text("a computer player plays for now")', { timeout: 5000 });
  // the computer played Blue's turn: Red's turn again, Red's clock running
  await until(async () => (await turnOf(a)) !== redTurn, 'the game went on without Blue');
  // Blue's owner is back: one click
  await b.locator('#clocks [data-key=back]').click();
  await b.waitForSelector('#clocks .clock-away', { state: 'detached', timeout: 5000 });
  check(!/computer player plays for now/.test(await b.locator('#clocks li[data-clock-seat="1"]').innerText()), 'Blue is a person again on its own page');
  await a.waitForFunction(() => !/computer player plays for now/.test(document.querySelector('#clocks li[data-clock-seat="1"]')?.textContent ?? ''), null, { timeout: 5000 });
  // Red plays its turn, then Blue its own (with a minute on its clock after taking it back)
  for (let i = 0; i < 6 && await waitTurn(a, 3000) === 'mine'; i++) await decide(a, memo);
  check(await waitTurn(b, 10000) === 'mine', `no decision for Blue once back: ${await b.locator('#status').innerText()}`);
  const left = bFrames.at(-1).f.left[1];
  check(left > 50000, `Blue has about a minute once back, not ${left} ms`);
  const index = bFrames.at(-1).f.index;
  await decide(b, { turn: -1, cards: 0 });
  await until(() => bFrames.at(-1).f.index > index, 'Blue\'s own move accepted');
  check(!bFrames.at(-1).f.away.includes(1), 'Blue is not handed over again');
  await a.close();
  await b.close();
}

async function acrossRestart(opts, server, browser, errors) {
  const game = await createGame(server.url, { players: ['greedy', 'human'], seed: 11, clock: { hours: 1 } });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchErrors(page, errors);
  const frames = clockFrames(page);
  await page.goto(`${server.url}${game.seats[1].url}`);
  check(await waitTurn(page) === 'mine', 'no decision for the person');
  await until(() => frames.length && frames.at(-1).f.running === 1, 'Blue\'s clock runs');
  const first = frames.at(-1);
  check(first.f.kind === 'turn' && first.f.move === 3600000 && first.f.left[1] > 3590000, `a turn-based clock: ${JSON.stringify(first.f)}`);
  check(/^(59:[0-5]\d|1:00:00)$/.test(await page.locator('#clocks li[data-clock-seat="1"] .clock-left').innerText()), 'an hour on the page');
  await kill(server);
  await page.waitForSelector('#net:not([hidden])', { timeout: 10000 });
  await new Promise((r) => setTimeout(r, 2500));  // the time the server is down counts
  const seen = frames.length;
  server = await startServer(opts.carc, server.db, server.port);
  await page.waitForSelector('#net[hidden]', { state: 'attached', timeout: 15000 });
  await until(() => frames.length > seen, 'a clock frame after the restart');
  const again = frames.at(-1);
  const expected = first.f.left[1] - (again.at - first.at);
  check(again.f.running === 1 && Math.abs(again.f.left[1] - expected) < 1500, `after the restart ${again.f.left[1]} ms left, expected about ${expected}`);
  check(again.f.left[1] < first.f.left[1] - 2000, 'the time the server was down counted');
  // a decision taken: the next one has the whole hour again
  await decide(page, { turn: -1, cards: 0 });
  await until(() => frames.at(-1).f.index > again.f.index && (frames.at(-1).f.running !== 1 || frames.at(-1).f.left[1] > 3590000), 'the next decision has the whole hour');
  await page.close();
  return server;
}

async function vote(server, browser, errors) {
  const game = await createGame(server.url, { players: ['human', 'human', 'human'], seed: 2 });
  const a = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const b = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchErrors(a, errors);
  watchErrors(b, errors);
  await a.goto(`${server.url}${game.seats[1].url}`);
  await b.goto(`${server.url}${game.seats[2].url}`);
  // a raw session of Blue: refusals change nothing
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}${game.seats[1].ws}`);
  /** @type {any[]} */
  const got = [];
  ws.on('message', (d) => got.push(JSON.parse(String(d))));
  await new Promise((r) => ws.on('open', r));
  const refused = async (msg, words) => {
    const n = got.length;
    ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
    await until(() => got.slice(n).some((m) => m.type === 'error'), `an error for ${JSON.stringify(msg)}`, 5000);
    const e = got.slice(n).find((m) => m.type === 'error');
    check(words.test(e.message), `${JSON.stringify(msg)}: ${e.message}`);
  };
  await refused({ type: 'vote', seat: 0 }, /may be handed to a computer player in \d+ s/);
  await refused({ type: 'vote', seat: 1 }, /another seat/);
  await refused({ type: 'vote', seat: 7 }, /"seat" must be/);
  await refused({ type: 'vote' }, /"seat" must be/);
  await refused({ type: 'back' }, /yours already/);
  await refused('{"type":"back","seat":1}', /unknown key/);
  ws.close();
  // Red never came: after --absent-after (2 s) both others are offered the vote
  await a.waitForSelector('#clocks [data-key=vote]', { timeout: 10000 });
  check(/Red has been away at their turn for more than 2 s/.test(await a.locator('.clock-vote').innerText()), `the vote's words: ${await a.locator('.clock-vote').innerText()}`);
  await a.locator('#clocks [data-key=vote]').click();
  await a.waitForSelector('.clock-vote:text("You agreed")', { timeout: 5000 });
  await b.waitForSelector('.clock-vote:text("1 of 2 so far")', { timeout: 5000 });
  await b.locator('#clocks [data-key=vote]').click();
  for (const p of [a, b]) await p.waitForSelector('#clocks li[data-clock-seat="0"] .clock-state:text("a computer player plays for now")', { timeout: 5000 });
  check(await waitTurn(a, 15000) === 'mine', 'the computer played Red\'s turn: Blue decides');
  // Red comes back and takes the seat with one click
  const red = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  watchErrors(red, errors);
  await red.goto(`${server.url}${game.seats[0].url}`);
  await red.waitForSelector('#clocks [data-key=back]', { timeout: 10000 });
  check(/handed your seat to a computer player while you were away/.test(await red.locator('.clock-away').innerText()), 'Red is told what happened');
  await red.locator('#clocks [data-key=back]').click();
  await red.waitForSelector('#clocks .clock-away', { state: 'detached', timeout: 5000 });
  await a.waitForFunction(() => !/computer player plays for now/.test(document.querySelector('#clocks')?.textContent ?? ''), null, { timeout: 5000 });
  for (const p of [a, b, red]) await p.close();
}

export default async function (opts) {
  let server = await startServer(opts.carc, undefined, 0, ['--absent-after', '2']);
  const browser = await launch();
  const errors = [];
  try {
    await lobbyPreset(server, browser, errors);
    await runsOut(server, browser, errors);
    await vote(server, browser, errors);
    server = await acrossRestart(opts, server, browser, errors);
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
