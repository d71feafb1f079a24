// The choices of the person in web_abbey_game and web_three_boxes_game, as one function of a
// state frame, so that a seed is chosen once by raw sessions (`node tests/web/box_seeds.mjs`)
// and the browser game, which makes the same choices by clicks, goes the same way against
// greedy: every Abbey & Mayor figure when first offered (a barn always, the mayor, the wagon),
// a wagon always moved on, floors whenever offered and another player's follower captured, a
// prisoner of one's own bought back, the first dragon step, the first placement (the abbey:
// at once, or only in the final round). Also what the frames show happened (`seen`).

/**
 * The move the person makes at a frame of its seat. `abbeyNow`: whether to place the abbey
 * at an abbey decision (`pass` draws, or keeps it in the final round).
 * @param {any} f a state frame @param {(f: any) => boolean} abbeyNow
 */
export function boxMove(f, abbeyNow) {
  const legal = f.legal, dec = f.view.pending.decision;
  const first = (/** @type {string} */ p) => legal.find((m) => m.startsWith(p));
  if (dec === 'abbey') return abbeyNow(f) ? 'abbey' : 'pass';
  if (dec === 'wagon') return first('wagon ') ?? 'pass';
  if (dec === 'capture') return legal.find((m) => !/seat:0$/.test(m) && m !== 'pass') ?? 'pass';
  if (dec === 'place' || dec === 'dragon' || dec === 'exchange') return legal[0];
  if (dec === 'follower') {
    return first('ransom ') ?? first('barn ') ?? first('floor ') ?? first('mayor ') ?? first('wagon ')
      ?? legal.find((m) => /^(road|city|cloister):\w+$/.test(m)) ?? 'pass';
  }
  return legal.includes('pass') ? 'pass' : legal[0];
}

/**
 * Records what a frame shows happened, into `seen` (counts by name): the person's (seat 0)
 * moves by kind, and events: a barn scoring, a capture, a ransom, an exchange, an abbey of the
 * final round. `prev` is the frame before (its decision and stack), or null.
 * @param {any} f @param {any} prev @param {Record<string, number>} seen
 */
export function boxSeen(f, prev, seen) {
  const add = (/** @type {string} */ k) => { seen[k] = (seen[k] ?? 0) + 1; };
  for (const e of f.events ?? []) {
    const w = e.split(' ');
    if (w[0] === 'score' && w[3] === 'barn') add('barn_score');
    if (w[0] === 'score' && w[3] === 'ransom') add('ransom');
    if (w[0] === 'capture') add('capture');
    if (w[0] === 'freed' && !(f.events ?? []).some((x) => / ransom$/.test(x) || /^score \d+ \d+ ransom/.test(x))) add('exchange');
    if (w[0] === 'dragon' && w[3] === 'walked' && w[1] === '0') add('dragon_step');
    if (w[0] === 'place' && w[2] === 'AM/A' && prev && prev.view.stack_left === 0) add(`final_abbey_${w[1]}`);
    if (w[0] === 'place' && w[2] === 'AM/A') add(`abbey_${w[1]}`);
    if (w[0] === 'follower' && w[1] === '0' && ['mayor', 'wagon', 'barn'].includes(w[w.length - 1])) add(w[w.length - 1]);
    if (w[0] === 'follower' && w[1] === '0' && w[w.length - 1] === 'wagon' && prev?.view.pending.decision === 'wagon') add('wagon_move');
  }
}
