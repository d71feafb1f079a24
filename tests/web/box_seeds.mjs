// Finds seeds for web_abbey_game and web_three_boxes_game (not a test): plays whole games of
// the person's choices (box_policy.mjs) by a raw session against greedy on a scratch server,
// and prints for each seed what happened. Usage:
//   node tests/web/box_seeds.mjs --carc build/carc EXPANSIONS FIRST LAST [final] [SEATS]
// `final`: the abbey only in the final round (the three boxes' game), else at once; SEATS:
// the number of seats (the person and greedy for the others; 2).
import { resolve } from 'node:path';
import WebSocketRaw from 'ws';
import { createGame, startServer } from './lib.mjs';
import { boxMove, boxSeen } from './box_policy.mjs';

/**
 * Plays one game to its end: the person's seat by boxMove, the other by the server's greedy.
 * Resolves to what was seen and the number of the person's moves.
 * @param {any} server @param {string} expansions @param {number} seed @param {(f: any) => boolean} abbeyNow
 */
export function playRaw(server, expansions, seed, abbeyNow, players = ['human', 'greedy']) {
  return createGame(server.url, { players, expansions, seed }).then((game) => new Promise((res, rej) => {
    const ws = new WebSocketRaw(`ws://127.0.0.1:${server.port}${game.seats[0].ws}`);
    /** @type {Record<string, number>} */
    const seen = {};
    let prev = null, sent = -1, moves = 0;
    const timer = setTimeout(() => { ws.close(); rej(new Error(`seed ${seed}: no end in 120 s`)); }, 120000);
    ws.on('message', (d) => {
      const f = JSON.parse(String(d));
      if (f.type !== 'state') return;
      boxSeen(f, prev, seen);
      prev = f;
      if (f.view.over) { clearTimeout(timer); ws.close(); res({ seen, moves, scores: f.view.scores }); return; }
      if (!f.legal?.length || f.index === sent) return;
      sent = f.index;
      moves++;
      ws.send(JSON.stringify({ type: 'move', index: f.index, move: boxMove(f, abbeyNow) }));
    });
    ws.on('error', (e) => { clearTimeout(timer); rej(e); });
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const a = process.argv.slice(2);
  const carc = resolve(a[0] === '--carc' ? a[1] : 'build/carc');
  const [exp, first, last, mode, seats] = a[0] === '--carc' ? a.slice(2) : a;
  const players = ['human', ...Array(Number(seats ?? 2) - 1).fill('greedy')];
  const server = await startServer(carc);
  const abbeyNow = mode === 'final' ? (/** @type {any} */ f) => f.view.stack_left === 0 : () => true;
  try {
    for (let s = Number(first); s <= Number(last); s++) {
      const r = await playRaw(server, exp, s, abbeyNow, players);
      console.log(`seed ${s}: moves ${r.moves} ${JSON.stringify(r.seen)} scores ${r.scores}`);
    }
  } finally {
    await server.stop();
  }
}
