// The legal moves the server pushes, read into what the page offers: placements by position,
// and for every other kind a sequence of choices (board targets) that ends in one move.
// The page holds no rules: it only groups and narrows this list. A follower move may lead with
// its figure (`large road:N`, `builder city:E`, `pig field:I`, `mayor city:N`, a barn at a corner
// `barn (1,1) barn:NW`, a wagon moving on after a scoring `wagon (2,1) road:S`): it is still a
// `follower` move.

/** @typedef {{tile: string, x: number, y: number, rot: number, move: string}} Placement */
/** A segment `(x,y) type:PORT` in a move. @typedef {{kind: 'seg', x: number, y: number, type: string, port: string, text: string}} SegToken */
/** A position `(x,y)` in a move. @typedef {{kind: 'pos', x: number, y: number, text: string}} PosToken */
/** A port `type:PORT` of a tile known from context (the previous token's, or the tile just placed). @typedef {{kind: 'port', type: string, port: string, text: string}} PortToken */
/** Whose follower a move takes (`seat:N`: the princess, a capture): chosen with a button, not on the board. @typedef {{kind: 'seat', seat: number, text: string}} SeatToken */
/** A choice token: a segment, a position, a port on a tile known from context, or a seat. @typedef {SegToken|PosToken|PortToken|SeatToken} Token */
/** A token the board shows as a target. @typedef {SegToken|PosToken|PortToken} BoardToken */

// a tile's name: a base letter (`U`) or an expansion tile's (`IC/RFr.i`, `TB/CcRR!.c`)
const PLACE = /^(\S+) \((-?\d+),(-?\d+)\) r([0-3])$/;
/** A follower move: an optional figure word, then the segment (`large road:N`, `pig field:I`). */
const FOLLOWER = /^(?:(meeple|large|builder|pig|abbot|mayor|wagon|barn) )?(?:\(-?\d+,-?\d+\) )?\w+:\w+$/;

const FIGURES = new Set(['meeple', 'large', 'builder', 'pig', 'abbot', 'mayor', 'wagon', 'barn']);

/**
 * The figure a move places or moves: a follower move's leading word, or the word after a gift's
 * or card's id (`open synod large (2,1) cloister:C`) or after `target`; `meeple` when it names none.
 * @param {string} m
 */
export function figureOf(m) {
  const f = FOLLOWER.exec(m);
  if (f) return f[1] ?? 'meeple';
  const w = m.split(' ');
  // `capture large (1,0) road:N seat:1`, `ransom large seat:1`, `exchange large` too
  const at = ['target', 'capture', 'ransom', 'exchange', 'fairy', 'princess'].includes(w[0]) ? 1 : w[0] === 'open' || w[0] === 'play' ? 2 : -1;
  return at > 0 && FIGURES.has(w[at] ?? '') ? w[at] : 'meeple';
}

/** @param {string} m @returns {Placement|null} */
export function parsePlacement(m) {
  const r = PLACE.exec(m);
  return r ? { tile: r[1], x: +r[2], y: +r[3], rot: +r[4], move: m } : null;
}

/** The words after a move's head (`open ID`, `play ID`, `target`, or none for a follower) as tokens. @param {string} rest @returns {Token[]} */
export function tokens(rest) {
  /** @type {Token[]} */
  const out = [];
  const re = /\((-?\d+),(-?\d+)\)(?: (\w+):(\w+))?|(\w+):(\w+)/g;
  let r;
  while ((r = re.exec(rest))) {
    if (r[1] !== undefined && r[3]) out.push({ kind: 'seg', x: +r[1], y: +r[2], type: r[3], port: r[4], text: r[0] });
    else if (r[1] !== undefined) out.push({ kind: 'pos', x: +r[1], y: +r[2], text: r[0] });
    else if (r[5] === 'seat') out.push({ kind: 'seat', seat: +r[6], text: r[0] });
    else out.push({ kind: 'port', type: r[5], port: r[6], text: r[0] });
  }
  return out;
}

/**
 * The head of a move: `open ID`, `play ID`, `discard ID`, `target`, `follower` (a place on
 * another tile too: a magic portal's, a tower's top), a placement, or the word (`dragon`,
 * `fairy`, `princess`, `floor`, `capture`, `ransom`, `exchange`, `recall`, `pass`...). @param {string} m
 */
export function head(m) {
  const w = m.split(' ');
  if (w[0] === 'open' || w[0] === 'play' || w[0] === 'discard') return `${w[0]} ${w[1]}`;
  if (w[0] === 'target') return 'target';
  if (PLACE.test(m)) return 'place';
  if (FOLLOWER.test(m)) return 'follower';
  return w[0];
}

/** The part after the head. @param {string} m */
export function rest(m) {
  const h = head(m);
  if (h === 'follower') return m;
  if (h === 'place') return '';
  return m.slice(h.length).trim();
}

/** Legal moves grouped by head, keeping their order. @param {string[]} legal @returns {Map<string, string[]>} */
export function groupMoves(legal) {
  /** @type {Map<string, string[]>} */
  const g = new Map();
  for (const m of legal) {
    const h = head(m);
    const list = g.get(h);
    if (list) list.push(m);
    else g.set(h, [m]);
  }
  return g;
}

/**
 * Narrowing a group: given the moves of one head and the tokens chosen so far, the distinct next
 * tokens, and the moves that are complete with exactly these tokens.
 * @param {string[]} moves @param {Token[]} chosen @returns {{next: Token[], done: string[]}}
 */
export function nextChoices(moves, chosen) {
  /** @type {Map<string, Token>} */
  const next = new Map();
  /** @type {string[]} */
  const done = [];
  for (const m of moves) {
    const t = tokens(rest(m));
    if (!chosen.every((c, i) => t[i] && t[i].text === c.text)) continue;
    if (t.length === chosen.length) done.push(m);
    else next.set(t[chosen.length].text, t[chosen.length]);
  }
  return { next: [...next.values()], done };
}
