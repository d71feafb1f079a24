// Chat per game (issue 21): two seats and a spectator talk; a message is text, never markup
// (an <img onerror> sent is shown as its characters and runs nothing); the server refuses a
// message over 280 bytes or with control characters, and more than a burst at once; the chat
// is kept with the game (a restart of the server on the same database shows it again).
import WebSocket from 'ws';
import { check, createGame, launch, startServer, watchErrors } from './lib.mjs';

/** A raw WebSocket session of the game (node's `ws`): sends and collects frames. */
async function raw(server, path) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`);
  const frames = [];
  ws.on('message', (d) => frames.push(JSON.parse(String(d))));
  await new Promise((res, rej) => { ws.on('open', res); ws.on('error', rej); });
  return { ws, frames, send: (o) => ws.send(JSON.stringify(o)) };
}

const until = async (fn, ms = 5000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (await fn()) return true; await new Promise((r) => setTimeout(r, 50)); }
  return false;
};

export default async function (opts) {
  let server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const game = await createGame(server.url, { players: ['human', 'human'], expansions: 'base', seed: 2 });
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [a, b, c] = [await ctx.newPage(), await ctx.newPage(), await ctx.newPage()];
    for (const p of [a, b, c]) watchErrors(p, errors);
    await a.goto(`${server.url}${game.seats[0].url}`);
    await b.goto(`${server.url}${game.seats[1].url}`);
    await c.goto(`${server.url}${new URL(game.watch, server.url).pathname}`);
    for (const p of [a, b, c]) await p.waitForSelector('#board .tile-art');

    const evil = '<img src=x onerror="window.pwned=1"><b>bold?</b> & hello';
    await a.fill('#chat-text', evil);
    await a.press('#chat-text', 'Enter');
    for (const [p, who] of [[a, 'seat 0'], [b, 'seat 1'], [c, 'the spectator']]) {
      await p.waitForFunction((t) => document.querySelector('#chat-log')?.textContent?.includes(t), evil, { timeout: 5000 });
      check(await p.locator('#chat-log img, #chat-log b').count() === 0, `${who}: the chat made markup of a message`);
      check(await p.evaluate(() => /** @type {any} */ (window).pwned) === undefined, `${who}: a chat message ran a script`);
      check((await p.locator('#chat-log li').last().innerText()).startsWith('Red'), `${who}: the message does not say who wrote it`);
    }
    await c.fill('#chat-text', 'hello from the stands');
    await c.press('#chat-text', 'Enter');
    await a.waitForFunction(() => /A spectator: hello from the stands/.test(document.querySelector('#chat-log')?.textContent ?? ''), null, { timeout: 5000 });
    // typing in the chat never plays: 'p' (pass) and Enter stay in the box
    check(await a.getAttribute('#chat-text', 'maxlength') === '280', 'the chat box does not stop at 280 characters');

    // the server's own limits, from a raw session of seat 1
    const r = await raw(server, new URL(game.seats[1].ws ?? game.seats[1].url.replace('/play/', '/ws/'), server.url).pathname);
    r.send({ type: 'chat', text: 'x'.repeat(281) });
    r.send({ type: 'chat', text: 'a\u0007bell' });
    r.send({ type: 'chat', text: '' });
    check(await until(() => r.frames.filter((f) => f.type === 'error' && f.index === -2).length >= 3), `long, control and empty messages not all refused: ${JSON.stringify(r.frames.filter((f) => f.type === 'error'))}`);
    for (let i = 0; i < 8; i++) r.send({ type: 'chat', text: `burst ${i}` });
    check(await until(() => r.frames.some((f) => f.type === 'error' && /too many/.test(f.message))), 'a burst of 8 messages was not limited');
    const sent = () => r.frames.filter((f) => f.type === 'chat' && f.messages.some((m) => /^burst /.test(m.text))).length;
    await until(() => sent() >= 5, 2000);
    check(sent() >= 3 && sent() <= 6, `${sent()} of a burst of 8 went through`);
    r.ws.close();

    // kept with the game: the server stopped and started again on the same database
    await ctx.close();
    const db = server.db;
    await server.stop();
    server = await startServer(opts.carc, db);
    const d = await browser.newPage();
    watchErrors(d, errors);
    await d.goto(`${server.url}${game.seats[1].url}`);
    await d.waitForFunction((t) => document.querySelector('#chat-log')?.textContent?.includes(t), 'hello from the stands', { timeout: 10000 });
    check(await d.locator('#chat-log img').count() === 0, 'after a restart the chat made markup');
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
