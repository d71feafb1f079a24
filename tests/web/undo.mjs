// Undo by agreement online (issue 32, docs/SERVER.md "Undo by agreement"):
//  1. raw sessions (the protocol): malformed messages and every refusal get an error and change
//     nothing; a refusal ends the request; the last acceptance takes the move back for every
//     session (the spectator too) and out of the stored log, so that a restart on the same
//     database (SIGKILL) shows the game without it and the seat plays on from there; a move
//     that drew a tile cannot be taken back; a request nobody answers lapses (--undo-seconds);
//     against computers only it is granted at once; a move a computer made for a seat voted
//     out is not the seat's to take back once its owner is back;
//  2. the browser: Red's page asks with its button, Blue's page shows the request and accepts
//     with one click, both pages show the game back before Red's move; a second request
//     refused with the other button, Red's page told.
import WebSocket from 'ws';
import { check, createGame, kill, launch, startServer, waitTurn, watchErrors } from './lib.mjs';

/** A raw session keeping every frame it gets. */
class Session {
  /** @param {string} url */
  constructor(url) {
    /** @type {any[]} */
    this.frames = [];
    this.ws = new WebSocket(url);
    this.ws.on('message', (d) => this.frames.push(JSON.parse(String(d))));
    this.open = new Promise((res, rej) => { this.ws.once('open', res); this.ws.once('error', rej); });
  }

  /** @param {object} m */
  send(m) { this.ws.send(typeof m === 'string' ? m : JSON.stringify(m)); }

  /** The last state frame. */
  state() { return this.frames.filter((f) => f.type === 'state').at(-1); }

  /** Waits for a frame after `from` (a count of frames) that `pred` accepts; returns it. */
  async next(pred, what, from = 0, ms = 10000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      const f = this.frames.slice(from).find(pred);
      if (f) return f;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`timed out waiting for ${what}; last frames: ${JSON.stringify(this.frames.slice(-3)).slice(0, 600)}`);
  }

  /** Sends m and returns the error frame it gets (or fails). */
  async refused(m, pattern) {
    const from = this.frames.length;
    this.send(m);
    const f = await this.next((x) => x.type === 'error', `an error for ${JSON.stringify(m)}`, from);
    check(pattern.test(f.message), `${JSON.stringify(m)}: "${f.message}" (wanted ${pattern})`);
    return f;
  }

  close() { this.ws.close(); }
}

const ws = (server, path) => `ws://127.0.0.1:${server.port}${path}`;

/** A state frame at index n on session s (after frame `from`). */
const stateAt = (s, n, from = 0) => s.next((f) => f.type === 'state' && f.index === n, `the state at index ${n}`, from);

async function protocol(opts) {
  const server = await startServer(opts.carc, undefined, 0, ['--undo-seconds', '2', '--quiet']);
  opts.started.push(server);
  const game = await createGame(server.url, { players: ['human', 'human'], seed: 11 });
  let red = new Session(ws(server, game.seats[0].ws)), blue = new Session(ws(server, game.seats[1].ws));
  const spy = new Session(ws(server, game.watch_ws));
  await Promise.all([red.open, blue.open, spy.open]);
  const s0 = await stateAt(red, 0);
  await stateAt(blue, 0);
  // Red places its tile: its follower decision is next, nothing drawn yet
  const placed = s0.legal[0];
  red.send({ type: 'move', index: 0, move: placed });
  const s1 = await stateAt(red, 1);
  check(s1.view.pending.seat === 0 && !s1.events.some((e) => /^draw/.test(e)), `after the placement: ${JSON.stringify(s1.events)}`);
  await stateAt(blue, 1);
  // malformed and refused requests: an error each, nothing changed
  await red.refused({ type: 'undo' }, /"index" must be the game's index/);
  await red.refused({ type: 'undo', index: -1 }, /"index" must be/);
  await red.refused({ type: 'undo', index: 1, why: 'oops' }, /unknown key "why"/);
  await red.refused('{"type":"undo","index":1,"index":1}', /malformed JSON/);
  await blue.refused({ type: 'undo_answer', index: 1 }, /"accept" must be true or false/);
  await blue.refused({ type: 'undo_answer', index: 1, accept: 'yes' }, /"accept" must be true or false/);
  await blue.refused({ type: 'undo_answer', index: 1, accept: true }, /no undo is asked at index 1/);
  await spy.refused({ type: 'undo', index: 1 }, /spectators cannot ask to undo/);
  await blue.refused({ type: 'undo', index: 1 }, /the last move is not yours/);
  await red.refused({ type: 'undo', index: 0 }, /stale undo: it answers index 0, the game is at index 1/);
  check(red.frames.every((f) => f.type !== 'undo'), 'no request was made by a refused message');
  // asked, then refused by Blue
  let from = blue.frames.length;
  red.send({ type: 'undo', index: 1 });
  const asked = await blue.next((f) => f.type === 'undo', 'the request on Blue\'s session', from);
  check(asked.status === 'asked' && asked.seat === 0 && asked.index === 1 && JSON.stringify(asked.waiting) === '[1]' && asked.left > 0 && asked.left <= 2000, `the request: ${JSON.stringify(asked)}`);
  await spy.next((f) => f.type === 'undo' && f.status === 'asked', 'the request told to the spectator');
  await red.refused({ type: 'undo', index: 1 }, /an undo is asked already/);
  await red.refused({ type: 'undo_answer', index: 1, accept: true }, /you asked for this undo/);
  await spy.refused({ type: 'undo_answer', index: 1, accept: true }, /spectators cannot answer/);
  from = red.frames.length;
  blue.send({ type: 'undo_answer', index: 1, accept: false });
  const no = await red.next((f) => f.type === 'undo' && f.status !== 'asked', 'the refusal on Red\'s session', from);
  check(no.status === 'refused' && no.by === 1, `refused: ${JSON.stringify(no)}`);
  check(!red.frames.slice(from).some((f) => f.type === 'state'), 'a refusal changes no state');
  // a request nobody answers lapses (--undo-seconds 2)
  from = red.frames.length;
  red.send({ type: 'undo', index: 1 });
  const lapsed = await red.next((f) => f.type === 'undo' && f.status === 'lapsed', 'the request lapsing', from, 6000);
  check(lapsed.seat === 0 && lapsed.index === 1, `lapsed: ${JSON.stringify(lapsed)}`);
  // asked again, accepted: every session back at index 0, Red to place its tile again
  from = red.frames.length;
  const spyFrom = spy.frames.length, blueFrom = blue.frames.length;
  red.send({ type: 'undo', index: 1 });
  await blue.next((f) => f.type === 'undo' && f.status === 'asked', 'the third request', blueFrom);
  blue.send({ type: 'undo_answer', index: 1, accept: true });
  const done = await red.next((f) => f.type === 'undo' && f.status === 'done', 'the undo done', from);
  check(done.seat === 0 && done.index === 1, `done: ${JSON.stringify(done)}`);
  const back = await stateAt(red, 0, from);
  check(back.view.pending.seat === 0 && back.view.pending.decision === 'place' && back.view.board.length === 1, `Red's state after the undo: ${JSON.stringify(back.view.pending)}, ${back.view.board.length} tiles`);
  check(JSON.stringify(back.legal) === JSON.stringify(s0.legal), 'the same choices as before the move (the same tile in hand)');
  const spyBack = await stateAt(spy, 0, spyFrom);
  check(spyBack.legal.length === 0 && spyBack.view.board.length === 1, 'the spectator sees the game back too');
  // the stored log lost the move: a restart shows index 0 (the summary and a new session)
  await kill(server);
  const again = await startServer(opts.carc, server.db, 0, ['--undo-seconds', '2', '--quiet']);
  opts.started.push(again);
  const info = await (await fetch(`${again.url}/api/games/${game.id}`)).json();
  check(info.index === 0, `after the restart the game is at index ${info.index}, not 0`);
  red = new Session(ws(again, game.seats[0].ws));
  blue = new Session(ws(again, game.seats[1].ws));
  const r0 = await stateAt(red, 0);
  check(JSON.stringify(r0.legal) === JSON.stringify(s0.legal), 'the same choices after the restart');
  // Red plays on from there: another placement, then its follower decision (a pass, or the
  // first choice), which ends the turn and draws Blue's tile: that move cannot be taken back
  red.send({ type: 'move', index: 0, move: r0.legal.at(-1) });
  const r1 = await stateAt(red, 1);
  const pass = r1.legal.includes('pass') ? 'pass' : r1.legal[0];
  red.send({ type: 'move', index: 1, move: pass });
  const r2 = await stateAt(red, 2);
  check(r2.events.some((e) => /^draw/.test(e)), `Red's turn ended with a draw: ${JSON.stringify(r2.events)}`);
  await red.refused({ type: 'undo', index: 2 }, /showed a tile or card nobody had seen/);
  red.close(); blue.close(); spy.close();
  // against computers only: granted at once (its move a placement; greedy owes nothing yet)
  const solo = await createGame(again.url, { players: ['human', 'greedy'], seed: 11 });
  const me = new Session(ws(again, solo.seats[0].ws));
  const m0 = await stateAt(me, 0);
  me.send({ type: 'move', index: 0, move: m0.legal[0] });
  await stateAt(me, 1);
  const mfrom = me.frames.length;
  me.send({ type: 'undo', index: 1 });
  await me.next((f) => f.type === 'undo' && f.status === 'done', 'the undo granted by the computer', mfrom);
  const m0b = await stateAt(me, 0, mfrom);
  check(JSON.stringify(m0b.legal) === JSON.stringify(m0.legal), 'back before the move against greedy');
  me.close();
  await again.stop();
  // a move a computer made for a seat while it was away is not the seat's to take back: Red
  // never comes, the two others vote it out (--absent-after 1), greedy plays Red's turn; Red
  // comes, takes its seat back and asks
  const third = await startServer(opts.carc, undefined, 0, ['--absent-after', '1', '--quiet']);
  opts.started.push(third);
  const trio = await createGame(third.url, { players: ['human', 'human', 'human'], seed: 11 });
  const b = new Session(ws(third, trio.seats[1].ws)), g = new Session(ws(third, trio.seats[2].ws));
  await Promise.all([b.open, g.open]);
  await b.next((f) => f.type === 'clock' && f.absent === 0, 'Red absent at its turn');
  b.send({ type: 'vote', seat: 0 });
  g.send({ type: 'vote', seat: 0 });
  const blueTurn = await b.next((f) => f.type === 'state' && f.view.pending.seat === 1, 'greedy played Red\'s turn');
  const r = new Session(ws(third, trio.seats[0].ws));
  await r.open;
  await r.refused({ type: 'undo', index: blueTurn.index }, /a computer player plays your seat now/);
  const rfrom = r.frames.length;
  r.send({ type: 'back' });
  await r.next((f) => f.type === 'clock' && !f.away.includes(0), 'Red\'s seat taken back', rfrom);
  await r.refused({ type: 'undo', index: blueTurn.index }, /a computer player made your seat's last move/);
  r.close(); b.close(); g.close();
  await third.stop();
}

async function browser(opts) {
  const server = await startServer(opts.carc, undefined, 0, ['--quiet']);
  const errors = [];
  const b = await launch();
  try {
    const game = await createGame(server.url, { players: ['human', 'human'], seed: 11 });
    const red = await b.newPage({ viewport: { width: 1280, height: 800 } });
    const blue = await b.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    watchErrors(red, errors);
    watchErrors(blue, errors);
    await blue.goto(`${server.url}${game.seats[1].url}`);
    await red.goto(`${server.url}${game.seats[0].url}`);
    check(await waitTurn(red) === 'mine', 'Red owes the first decision');
    check(await red.locator('#undo').isHidden(), 'no undo button before Red has moved');
    // Red places its tile by clicks
    await red.locator('.spot').first().click();
    await red.locator('[data-key=confirm]').click();
    await red.waitForSelector('#undo:not([hidden])');
    const before = await red.locator('#board .layer-tiles > g').count();
    await red.locator('#undo').click();
    await red.waitForSelector('#undo-box:not([hidden]):has-text("waiting for")');
    // Blue sees the request and accepts with one click
    await blue.waitForSelector('#undo-box:not([hidden]) [data-key=undo-yes]');
    const asked = await blue.locator('#undo-box').innerText();
    check(/Red asks to take back their last move/.test(asked), `Blue's request text: ${asked}`);
    await blue.screenshot({ path: `${opts.shots}/undo-asked-phone.png` });
    await blue.locator('#undo-box [data-key=undo-yes]').click();
    await red.waitForFunction((n) => document.querySelectorAll('#board .layer-tiles > g').length === n - 1, before, { timeout: 10000 });
    await red.waitForSelector('#undo-box', { state: 'hidden' });
    check(await waitTurn(red) === 'mine', 'Red places its tile again');
    check(await red.locator('.spot').count() > 0, 'the placement spots are back');
    check(/took back/.test(await red.locator('#notices').innerText()), 'Red is told the move was taken back');
    check(/took back/.test(await blue.locator('#notices').innerText()), 'Blue is told the move was taken back');
    await red.screenshot({ path: `${opts.shots}/undo-done-desktop.png` });
    // again, and Blue refuses
    await red.locator('.spot').first().click();
    await red.locator('[data-key=confirm]').click();
    await red.waitForSelector('#undo:not([hidden])');
    await red.locator('#undo').click();
    await blue.waitForSelector('#undo-box:not([hidden]) [data-key=undo-no]');
    await blue.locator('#undo-box [data-key=undo-no]').click();
    await red.waitForSelector('#notices :text("Blue refused")', { timeout: 10000 });
    check(await red.locator('#board .layer-tiles > g').count() === before, 'a refusal leaves the board as it was');
    check(errors.length === 0, errors.join('\n'));
  } finally {
    await b.close();
    await server.stop();
  }
}

export default async function run(opts) {
  // every server the protocol part starts is stopped even when a check fails
  const started = [];
  try {
    await protocol({ ...opts, started });
  } finally {
    for (const s of started) if (s.proc.exitCode === null && s.proc.signalCode === null) await kill(s);
  }
  await browser(opts);
}
