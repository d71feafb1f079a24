// A stand-in for `carc serve` used while developing the web pages: it answers the same HTTP
// routes and WebSocket frames (docs/SERVER.md) by driving one `carc engine` process per game.
// Computer seats play `genmove` (uniformly random). Nothing is stored: a restart loses games.
// Usage: node tests/web/mock_server.mjs [--port 8090] [--carc build/carc] [--web web]
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { extname, join, normalize } from 'node:path';
import { createInterface } from 'node:readline';
import { WebSocketServer } from 'ws';

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const port = Number(opt('--port', '8090'));
const carc = opt('--carc', 'build/carc');
const webDir = opt('--web', 'web');

/** One engine process; `ask` sends a line and resolves with its reply payload. */
function engine() {
  const p = spawn(carc, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const rl = createInterface({ input: p.stdout });
  /** @type {((s: string) => void)[]} */
  const waiting = [];
  rl.on('line', (line) => { const w = waiting.shift(); if (w) w(line); });
  let chain = Promise.resolve('');
  const ask = (cmd) => (chain = chain.then(() => new Promise((res) => {
    waiting.push((line) => res(line));
    p.stdin.write(cmd + '\n');
  })));
  return { ask, kill: () => p.kill() };
}

const games = new Map();
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };

function maskEvents(events, seat) {
  return events.map((e) => {
    const m = /^(gift|card) (\d+) (\S+)$/.exec(e);
    return m && Number(m[2]) !== seat ? `${m[1]} ${m[2]} ?` : e;
  });
}

async function push(game, sock, events) {
  const seat = sock.seat;
  const pending = JSON.parse((await game.eng.ask('state')).slice(2)).pending;
  const owes = seat >= 0 && pending.seat === seat;
  const view = JSON.parse((await game.eng.ask(seat >= 0 ? `view ${seat}${owes ? ' legal' : ''}` : 'state')).slice(2));
  if (seat < 0) { view.view = null; for (const h of view.gifts?.hands ?? []) { h.hidden = h.count; h.cards = []; } }
  const legal = view.legal ?? [];
  delete view.legal;
  sock.send(JSON.stringify({ type: 'state', index: game.moves, view, legal, events: maskEvents(events, seat) }));
}

async function broadcast(game, events) {
  for (const s of game.socks) await push(game, s, events);
  await bots(game);
}

async function bots(game) {
  const st = JSON.parse((await game.eng.ask('state')).slice(2));
  if (st.over || game.thinking) return;
  const seat = st.pending.seat;
  if (game.players[seat] === 'human') return;
  game.thinking = true;
  setTimeout(async () => {
    const r = await game.eng.ask('genmove');
    game.thinking = false;
    game.moves++;
    await broadcast(game, JSON.parse(r.slice(2)).events);
  }, game.players.includes("human") ? 150 : 1);
}

async function create(body) {
  const players = body.players ?? ['human', 'random'];
  const id = randomBytes(4).toString('hex');
  const eng = engine();
  const r = await eng.ask(`new players=${players.length} seed=${body.seed ?? Math.floor(Math.random() * 1e9)} expansions=${body.expansions || 'base'}`);
  if (!r.startsWith('=')) { eng.kill(); throw new Error(r.slice(2)); }
  const tokens = players.map(() => randomBytes(16).toString('hex'));
  const game = { id, eng, players, tokens, moves: 0, socks: new Set(), thinking: false, first: JSON.parse(r.slice(2)).events };
  games.set(id, game);
  setTimeout(() => bots(game), 10);
  return {
    id,
    seats: players.map((p, i) => ({ seat: i, player: p, url: p === 'human' ? `/play/${id}/${tokens[i]}` : null })),
    watch: `/watch/${id}`,
  };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const send = (code, body, type = 'application/json') => { res.writeHead(code, { 'content-type': type }); res.end(body); };
  try {
    if (req.method === 'POST' && url.pathname === '/api/games') {
      let b = '';
      for await (const c of req) b += c;
      return send(201, JSON.stringify(await create(JSON.parse(b || '{}'))));
    }
    if (url.pathname === '/api/tiles') {
      const e = engine(); const t = await e.ask('tiles'); e.kill();
      return send(200, t.slice(2));
    }
    let m = /^\/api\/games\/(\w+)(\/record)?$/.exec(url.pathname);
    if (m) {
      const g = games.get(m[1]);
      if (!g) return send(404, '{"error":"unknown game"}');
      const st = JSON.parse((await g.eng.ask('state')).slice(2));
      if (m[2]) return st.over ? send(200, (await g.eng.ask('record')).slice(2)) : send(404, '{"error":"not over"}');
      return send(200, JSON.stringify({ id: g.id, players: g.players, turn: st.turn, scores: st.scores, over: st.over }));
    }
    let file = url.pathname;
    if (file === '/') file = '/index.html';
    else if (/^\/(play|watch)\//.test(file)) file = '/game.html';
    else if (/^\/replay\//.test(file)) file = '/replay.html';
    const path = normalize(join(webDir, file));
    if (!path.startsWith(normalize(webDir))) return send(404, 'no');
    send(200, await readFile(path), types[extname(path)] ?? 'application/octet-stream');
  } catch (e) {
    send(404, JSON.stringify({ error: String(e) }));
  }
});

const wss = new WebSocketServer({ server });
wss.on('connection', async (sock, req) => {
  const m = /^\/ws\/(\w+)(?:\/(\w+))?$/.exec(req.url ?? '');
  const g = m && games.get(m[1]);
  if (!g) { sock.send(JSON.stringify({ type: 'error', message: 'unknown game' })); return sock.close(); }
  const seat = m[2] ? g.tokens.indexOf(m[2]) : -1;
  if (m[2] && seat < 0) { sock.send(JSON.stringify({ type: 'error', message: 'wrong token' })); return sock.close(); }
  sock.seat = seat;
  g.socks.add(sock);
  sock.on('close', () => g.socks.delete(sock));
  sock.on('message', async (data) => {
    let msg;
    try { msg = JSON.parse(String(data)); } catch { return sock.send('{"type":"error","message":"bad JSON"}'); }
    if (msg.type !== 'move' || seat < 0) return sock.send('{"type":"error","message":"not allowed"}');
    if (msg.index !== g.moves) { sock.send(JSON.stringify({ type: 'error', message: `stale move ${msg.index}, now ${g.moves}` })); return push(g, sock, []); }
    const st = JSON.parse((await g.eng.ask('state')).slice(2));
    if (st.pending.seat !== seat) return sock.send('{"type":"error","message":"not your decision"}');
    const r = await g.eng.ask(`play ${msg.move}`);
    if (!r.startsWith('=')) return sock.send(JSON.stringify({ type: 'error', message: r.slice(2) }));
    g.moves++;
    await broadcast(g, JSON.parse(r.slice(2)).events);
  });
  await push(g, sock, g.moves === 0 ? g.first : []);
});

server.listen(port, '127.0.0.1', () => console.log(`mock carc serve on http://127.0.0.1:${port}/`));
