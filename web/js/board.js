// The board as SVG: placed tiles (tiles.js), figures in seat colours (meeple, large meeple,
// abbot, builder, pig, mayor, wagon, barn: each its own shape; a barn at a tile's corner), tokens, locks, the last placed tile, pending
// Mastermind positions, the river's open end during the river phase, and on top the interactive layer (placement spots,
// a preview tile, clickable targets). Pan by dragging, zoom by wheel, buttons or pinch.
// One board unit: a tile is 100 x 100, tile (x, y) covers [100x, 100x+100] x [100y, 100y+100].
import { t as tr } from './i18n.js';
import { drawTile, el, boardAnchor, markPoint, riverOf, rotatePoint, rotatePort, segmentAnchor, segmentAt } from './tiles.js';
import { segs } from './features.js';
import { SEAT_COLOURS, SEAT_INK, SEAT_MARKS } from './seats.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').Feature} Feature */
/** @typedef {import('./types.js').Position} Position */
/** @typedef {import('./types.js').TileDef} TileDef */
/** @typedef {import('./types.js').TileSegment} TileSegment */
/** @typedef {import('./moves.js').BoardToken} Token */

const MEEPLE = 'M0-11C3-11 4-9 4-7C4-5 3-4 2-4L9-1C10 0 10 2 8 2L4 1L7 10L2 10L0 5L-2 10L-7 10L-4 1L-8 2C-10 2-10 0-9-1L-2-4C-3-4-4-5-4-7C-4-9-3-11 0-11Z';
/** The builder: a tall narrow figure without arms, a pointed hat. */
const BUILDER = 'M0-14L5-8H3C4-7 4-4 2-3L5 10H-5L-2-3C-4-4-4-7-3-8H-5Z';
/** The abbot: a monk in a long robe, its hood raised, hands folded in its sleeves. */
const ABBOT = 'M0-13C3.5-13 5.5-10.5 5.5-7.5C5.5-5.5 4.5-4.5 3.5-4L5-2C6-1 6.5 1 6 3L8 11H-8L-6 3C-6.5 1-6-1-5-2L-3.5-4C-4.5-4.5-5.5-5.5-5.5-7.5C-5.5-10.5-3.5-13 0-13Z';
/** The pig: a round body on four legs, a snout to the right, an ear. */
const PIG = 'M-9-2C-9-7-3-8 1-8C4-8 6-7 7-5L10-5L10 1L7 1C6 3 5 4 4 4L4 8H1L1 5H-4L-4 8H-7L-7 3C-8 2-9 0-9-2ZM2-8L4-12L6-7Z';
/** The mayor (Abbey & Mayor): a portly figure in a top hat. */
const MAYOR = 'M-4.5-17H4.5V-12H7V-10H-7V-12H-4.5ZM0-10.5A3.6 3.6 0 1 1 0-3.3A3.6 3.6 0 1 1 0-10.5ZM-9 10C-11 1-7-3.5 0-3.5C7-3.5 11 1 9 10Z';
/** The wagon: a covered cart on two wheels, seen from the side. */
const WAGON = 'M-11-4H11V4H-11ZM-9-4C-9-13 9-13 9-4ZM-10 7A4 4 0 1 1-2 7A4 4 0 1 1-10 7ZM2 7A4 4 0 1 1 10 7A4 4 0 1 1 2 7Z';
/** The barn: a wide building under a gambrel roof. */
const BARN = 'M-12 10V-2L-8-9L0-13L8-9L12-2V10Z';
/** The dragon (The Princess & the Dragon; nobody's): a winged body, a long neck, a head to the right, a tail. */
const DRAGON = 'M-13 6C-17 6-20 3-21 0C-18 2-16 2-14 1C-13-2-10-4-6-4L-9-13L-2-6L1-15L4-5C6-5 8-6 9-8L12-10L16-9L17-7L13-6L11-3C10 1 7 4 3 5L5 11H1L-1 6H-6L-7 11H-11L-10 6Z';
/** The fairy (nobody's): a small figure with two pairs of wings. */
const FAIRY = 'M0-9A3 3 0 1 1 0-3A3 3 0 1 1 0-9ZM-1.5-2H1.5L3 7H-3Z';
const FAIRY_WINGS = 'M-1-1C-8-9-11-3-8 1C-6 3-3 2-1 0ZM1-1C8-9 11-3 8 1C6 3 3 2 1 0ZM-1 1C-7 3-7 8-3 6ZM1 1C7 3 7 8 3 6Z';

/**
 * How each figure is drawn: its path, its size, extra marks. The large meeple is the meeple
 * half as large again with a black rim; the abbot, the builder and the pig have shapes of their own.
 * @type {Record<string, {d: string, scale: number}>}
 */
const FIGURES = {
  meeple: { d: MEEPLE, scale: 1.9 },
  large: { d: MEEPLE, scale: 2.8 },
  abbot: { d: ABBOT, scale: 1.9 },
  builder: { d: BUILDER, scale: 2.0 },
  pig: { d: PIG, scale: 1.9 },
  mayor: { d: MAYOR, scale: 1.9 },
  wagon: { d: WAGON, scale: 1.9 },
  barn: { d: BARN, scale: 2.0 },
};

/** Where each figure's seat digit sits on its body, and its size (figure units). @type {Record<string, [number, number, number]>} */
const MARK_AT = { meeple: [0, -1, 7], large: [0, -1, 7], abbot: [0, 3, 7], builder: [0, 3.5, 6], pig: [-2, -2, 8], mayor: [0, 4, 7], wagon: [0, 0.2, 7], barn: [0, 3, 9] };

/**
 * A figure of a seat drawn about (0, 0) in a group of its own (the follower layer, a button,
 * the players panel): the same shapes everywhere. `mark`: its seat's digit on its body, so
 * that seats are told apart without their colours (issue 32); icons too small to read it
 * leave it out.
 * @param {Element} parent @param {number} seat @param {string} figure @param {boolean} [mark]
 */
export function drawFigure(parent, seat, figure, mark = false) {
  const f = FIGURES[figure] ?? FIGURES.meeple;
  const g = el('g', { class: `figure figure-${figure}` }, parent);
  el('path', { d: f.d, fill: SEAT_COLOURS[seat] ?? '#888' }, g);
  if (figure === 'large') el('path', { d: f.d, class: 'large-ring', transform: 'scale(1.12)' }, g);
  if (figure === 'abbot') el('path', { d: 'M-5.5 2.5Q0 5 5.5 2.5M-3.5-4Q0-1.5 3.5-4', class: 'abbot-rope' }, g);
  if (figure === 'builder') el('rect', { x: -3, y: -7, width: 6, height: 2, class: 'builder-band' }, g);
  if (figure === 'pig') el('circle', { cx: 8.5, cy: -2, r: 1.6, class: 'pig-snout' }, g);
  // the mayor's chain of office; the wagon's hubs; the barn's roof line and its white trim
  if (figure === 'mayor') el('path', { d: 'M-4.5-3Q0 1.5 4.5-3', class: 'mayor-chain' }, g);
  if (figure === 'wagon') for (const x of [-6, 6]) el('circle', { cx: x, cy: 7, r: 1.4, class: 'wagon-hub' }, g);
  if (figure === 'barn') el('path', { d: 'M-12-2L-8-9L0-13L8-9L12-2Z', class: 'barn-roof' }, g);
  if (mark) {
    const [mx, my, size] = MARK_AT[figure] ?? MARK_AT.meeple;
    el('text', { x: mx, y: my, 'font-size': size, fill: SEAT_INK[seat] ?? '#fff', class: 'seat-mark' }, g).textContent = SEAT_MARKS[seat] ?? '';
  }
  return g;
}

/**
 * The dragon, about (0, 0), nobody's colour: dark red with a yellow eye (the neutral figures
 * carry no seat digit: they belong to nobody). @param {Element} parent
 */
export function drawDragon(parent) {
  const g = el('g', { class: 'dragon' }, parent);
  el('path', { d: DRAGON, class: 'dragon-body' }, g);
  el('circle', { cx: 13, cy: -8, r: 1.2, class: 'dragon-eye' }, g);
  return g;
}

/** The fairy, about (0, 0): pale wings, a violet body, a spark above. @param {Element} parent */
export function drawFairy(parent) {
  const g = el('g', { class: 'fairy' }, parent);
  el('path', { d: FAIRY_WINGS, class: 'fairy-wings' }, g);
  el('path', { d: FAIRY, class: 'fairy-body' }, g);
  el('path', { d: 'M6-12L7-10L9-9L7-8L6-6L5-8L3-9L5-10Z', class: 'fairy-spark' }, g);
  return g;
}

/**
 * A tower of `height` floors, its foot at (0, 0) (The Tower): stone courses, battlements, and
 * its height written on it; a foundation (0) is part of the tile's drawing. Returns how high
 * it is drawn, in board units (a follower on its top stands there).
 * @param {Element} parent @param {number} height
 */
export function drawTower(parent, height) {
  const h = Math.min(10 + 4 * height, 42);
  const g = el('g', { class: 'tower' }, parent);
  el('rect', { x: -10, y: -h, width: 20, height: h + 6, class: 'tower-body' }, g);
  for (let y = -h + 8; y < 4; y += 6) el('path', { d: `M-10 ${y}H10`, class: 'tower-course' }, g);
  el('path', { d: `M-12 ${-h}V${-h - 6}H-7V${-h - 3}H-2.5V${-h - 6}H2.5V${-h - 3}H7V${-h - 6}H12V${-h}Z`, class: 'tower-top' }, g);
  el('rect', { x: -8, y: -h / 2 - 7, width: 16, height: 14, rx: 2, class: 'tower-badge' }, g);
  el('text', { x: 0, y: -h / 2, class: 'tower-height' }, g).textContent = String(height);
  return h + 6;
}

/** How large each figure is drawn in an icon. @type {Record<string, number>} */
const ICON_SCALE = { meeple: 1.15, large: 1.3, abbot: 1.15, builder: 1.2, pig: 1.45, mayor: 1.1, wagon: 1.3, barn: 1.2 };

/** Where a barn stands (Abbey & Mayor, AM9): the corner of its tile its port names, in tile units. @type {Record<string, [number, number]>} */
const CORNERS = { NW: [0, 0], NE: [100, 0], SE: [100, 100], SW: [0, 100] };

/**
 * A small standalone SVG of a figure in a seat's colour (the figure buttons, the supply, a
 * prisoner: `mark` writes the seat's digit on it).
 * @param {number} seat @param {string} figure @param {number} size @param {boolean} [mark]
 */
export function figureIcon(seat, figure, size = 22, mark = false) {
  const svg = el('svg', { viewBox: '-16 -17 32 33', width: size, height: size, class: `figure-icon follower seat-${seat}`, 'aria-hidden': 'true' });
  const g = drawFigure(svg, seat, figure, mark);
  // each fills most of its box, the large meeple a little more (and with its rim)
  g.setAttribute('transform', `scale(${ICON_SCALE[figure] ?? 1.15})`);
  return svg;
}

export class Board {
  /** @param {SVGSVGElement} svg @param {Map<string, TileDef>} defs */
  constructor(svg, defs) {
    this.svg = svg;
    this.defs = defs;
    this.view = el('g', { class: 'viewport' }, svg);
    /** the drawing itself, under the pan and zoom: the overview map shows it again (`<use>`) */
    this.content = el('g', { id: `${svg.id || 'board'}-content` }, this.view);
    /** @type {Record<string, SVGElement>} the drawing's layers by name, bottom first */
    this.layers = {};
    for (const n of ['tiles', 'marks', 'towers', 'followers', 'neutral', 'about', 'hover', 'spots', 'preview', 'targets']) this.layers[n] = el('g', { class: `layer-${n}` }, this.content);
    /** @type {(() => void)|null} called after every pan, zoom or redraw (the overview map) */
    this.onView = null;
    this.tx = 0; this.ty = 0; this.scale = 1;
    /** @type {Map<string, {tile: string, rot: number}>} */
    this.cells = new Map();
    this.userMoved = false;
    this.lastW = 0; this.lastH = 0;
    /** the least distance between two targets shown, board units (setTargets) */
    this.targetGap = Infinity;
    /** @type {{tiles: number, visited: Position[]}|null} the dragon's last movement and the tiles on the board then */
    this.lastWalk = null;
    this.initGestures();
  }

  /** The catalogue's tile of that letter (every tile the server names is in it). @param {string} tile @returns {TileDef} */
  def(tile) {
    const d = this.defs.get(tile);
    if (!d) throw new Error(`tile ${tile} is not in the catalogue`);
    return d;
  }

  /** Redraws tiles, followers and markers from a view (state JSON). @param {View} view */
  render(view) {
    const { tiles, marks, followers, towers, neutral } = this.layers;
    tiles.replaceChildren(); marks.replaceChildren(); followers.replaceChildren(); towers.replaceChildren(); neutral.replaceChildren();
    this.cells.clear();
    for (const b of view.board) {
      this.cells.set(`${b.x},${b.y}`, { tile: b.tile, rot: b.rot });
      const g = el('g', { transform: `translate(${b.x * 100} ${b.y * 100}) rotate(${90 * b.rot} 50 50)`, 'data-pos': `${b.x},${b.y}` }, tiles);
      g.appendChild(drawTile(this.def(b.tile), b.rot));
    }
    const last = view.board[view.board.length - 1];
    if (last && view.board.length > 1) el('rect', { x: last.x * 100 + 3, y: last.y * 100 + 3, width: 94, height: 94, class: 'last-placed' }, marks);
    // the river phase (The River): the open end the next river tile must continue
    const end = view.river_left ? view.river_end : null;
    if (end) {
      const g = el('g', { class: 'river-end-mark', 'data-river-end': `${end.x},${end.y}` }, marks);
      el('rect', { x: end.x * 100 + 5, y: end.y * 100 + 5, width: 90, height: 90, rx: 8, class: 'river-end' }, g);
      el('path', { d: `M${end.x * 100 + 28} ${end.y * 100 + 40}q5.5 -6 11 0t11 0t11 0t11 0M${end.x * 100 + 28} ${end.y * 100 + 50}q5.5 -6 11 0t11 0t11 0t11 0`, class: 'river-end-wave' }, g);
      el('text', { x: end.x * 100 + 50, y: end.y * 100 + 72, class: 'river-end-text' }, g).textContent = tr('board.river_end.1');
      el('text', { x: end.x * 100 + 50, y: end.y * 100 + 86, class: 'river-end-text' }, g).textContent = tr('board.river_end.2');
    }
    for (const m of view.christmas?.binds ?? []) {
      el('rect', { x: m.x * 100 + 8, y: m.y * 100 + 8, width: 84, height: 84, class: 'mastermind' }, marks);
      el('text', { x: m.x * 100 + 50, y: m.y * 100 + 60, class: 'mastermind-text' }, marks).textContent = '!';
    }
    // towers with floors (The Tower), each with its height; a follower on a top stands on it
    /** @type {Map<string, number>} how high each tower is drawn, by its tile */
    const tops = new Map();
    for (const t of view.tower?.towers ?? []) {
      if (!t.height) continue;
      const [ax, ay] = this.anchor(t.x, t.y, 'T');
      const g = el('g', { transform: `translate(${t.x * 100 + ax} ${t.y * 100 + ay + 8}) scale(1.4)`, 'data-tower': `${t.x},${t.y}`, 'data-height': t.height }, towers);
      tops.set(`${t.x},${t.y}`, drawTower(g, t.height) * 1.4 - 8);
    }
    // followers: several on one segment are spread out so each stays visible
    /** @type {Map<string, number>} */
    const seen = new Map();
    for (const f of view.followers) {
      const key = `${f.x},${f.y},${f.type},${f.port}`;
      const k = seen.get(key) ?? 0;
      seen.set(key, k + 1);
      const [ax, ay] = this.anchorOf(f.x, f.y, f.type, f.port);
      const up = f.type === 'tower' ? (tops.get(`${f.x},${f.y}`) ?? 0) + 19 : 0;
      this.drawFollower(followers, f.seat, f.x * 100 + ax + k * 14, f.y * 100 + ay - k * 4 - up, f.type === 'field' || f.locked, f.locked, '', f.figure ?? 'meeple');
    }
    this.drawNeutral(view, neutral);
    // tie-break tokens sit on the first segment of their feature; a lock marks every locked feature
    for (const f of view.features ?? []) {
      const s0 = segs(f)[0];
      if (!s0 || (!f.tokens.length && !f.locked)) continue;
      const [ax, ay] = this.anchor(s0.x, s0.y, s0.port);
      f.tokens.forEach((seat, i) => {
        const g = el('g', { transform: `translate(${s0.x * 100 + ax - 16 + i * 9} ${s0.y * 100 + ay + 14})`, class: 'token' }, followers);
        el('circle', { r: 8, fill: SEAT_COLOURS[seat] }, g);
        el('text', { y: 3, class: 'token-text', fill: SEAT_INK[seat] ?? '#fff' }, g).textContent = `T${SEAT_MARKS[seat] ?? ''}`;
      });
    }
  }

  /**
   * The Princess & the Dragon's figures (PD14: all public): the dragon on its tile, the fairy
   * beside the follower it is assigned to (or alone on its tile), and while the dragon moves,
   * its path so far from the tile it started on, numbered, the tile it stands on framed.
   * @param {View} view @param {Element} layer
   */
  drawNeutral(view, layer) {
    const d = view.dragon;
    if (!d) return;
    let walk = d.walk?.visited ?? [];
    let done = false;
    if (walk.length > 1) this.lastWalk = { tiles: view.board.length, visited: walk };
    else if (!d.walk && this.lastWalk?.tiles === view.board.length && d.dragon) {
      // the dragon has stopped: its whole path stays shown until the next turn's tile is
      // placed (the state forgets a finished movement, and the next turn begins with its
      // last step), its last step the tile it stopped on
      const end = this.lastWalk.visited[this.lastWalk.visited.length - 1];
      walk = end.x === d.dragon.x && end.y === d.dragon.y ? this.lastWalk.visited : [...this.lastWalk.visited, d.dragon];
      done = true;
    }
    if (walk.length > 1) {
      const g = el('g', { class: `dragon-path${done ? ' dragon-path-done' : ''}` }, layer);
      el('path', { d: walk.map((p, i) => `${i ? 'L' : 'M'}${p.x * 100 + 50} ${p.y * 100 + 50}`).join(''), class: 'dragon-path-line' }, g);
      walk.forEach((p, i) => {
        el('circle', { cx: p.x * 100 + 50, cy: p.y * 100 + 50, r: 9, class: 'dragon-path-step' }, g);
        el('text', { x: p.x * 100 + 50, y: p.y * 100 + 50, class: 'dragon-path-text' }, g).textContent = i ? String(i) : '•';
      });
    }
    if (d.dragon) {
      const { x, y } = d.dragon;
      el('rect', { x: x * 100 + 3, y: y * 100 + 3, width: 94, height: 94, rx: 6, class: 'dragon-tile' }, layer);
      const g = el('g', { transform: `translate(${x * 100 + 50} ${y * 100 + 54}) scale(2.3)`, 'data-dragon': `${x},${y}` }, layer);
      drawDragon(g);
    }
    const f = d.fairy;
    if (f) {
      let fx = f.x * 100 + 80, fy = f.y * 100 + 22;
      if (f.follower) {
        const [ax, ay] = this.anchor(f.x, f.y, f.follower.port);
        fx = f.x * 100 + ax + 15; fy = f.y * 100 + ay - 12;
      }
      const g = el('g', { transform: `translate(${fx} ${fy}) scale(2.2)`, 'data-fairy': `${f.x},${f.y}`, class: f.follower ? 'fairy-assigned' : 'fairy-alone' }, layer);
      drawFairy(g);
    }
  }

  /**
   * The placed segment nearest a screen point: {x, y, port} (a board port) and its type, or null off the tiles; on the water of a river tile, type `river` (no port: a river is no segment).
   * @param {number} clientX @param {number} clientY @returns {{x: number, y: number, port: string, type: string}|null}
   */
  segmentUnder(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const bx = (clientX - r.left - this.tx) / this.scale, by = (clientY - r.top - this.ty) / this.scale;
    const x = Math.floor(bx / 100), y = Math.floor(by / 100);
    const c = this.cells.get(`${x},${y}`);
    if (!c) return null;
    const def = this.def(c.tile);
    // on the water of a river tile: the river, which is no segment
    const water = riverOf(def);
    const near = (/** @type {[number, number]} */ p, /** @type {number} */ r) => { const [rx, ry] = rotatePoint(p, c.rot); return Math.hypot(rx - (bx - x * 100), ry - (by - y * 100)) < r; };
    if (water && (water.pts.some((p) => near(p, 8)) || (water.pool && near(water.pool, water.end === 'lake' ? 24 : 10)))) {
      return { x, y, port: '', type: 'river' };
    }
    /** @type {TileSegment|null} */
    let best = null, bd = Infinity;
    for (const seg of def.segments) {
      const [ax, ay] = rotatePoint(segmentAnchor(def, seg), c.rot);
      const d = (ax - (bx - x * 100)) ** 2 + (ay - (by - y * 100)) ** 2;
      if (d < bd) { bd = d; best = seg; }
    }
    return best ? { x, y, port: rotatePort(best.ports[0], c.rot), type: best.type } : null;
  }

  /**
   * What the neutral figures and towers under a screen point are, in words (a tower's height,
   * reach and top; the dragon's tile; the fairy), or '' for none: the tip says it before the
   * feature under them. @param {number} clientX @param {number} clientY @param {View} view
   */
  pieceWords(clientX, clientY, view) {
    const r = this.svg.getBoundingClientRect();
    const bx = (clientX - r.left - this.tx) / this.scale, by = (clientY - r.top - this.ty) / this.scale;
    const x = Math.floor(bx / 100), y = Math.floor(by / 100);
    const out = [];
    const tw = view.tower?.towers.find((w) => w.x === x && w.y === y);
    if (tw) {
      const [ax, ay] = this.anchor(x, y, 'T');
      if (Math.hypot(bx - x * 100 - ax, by - y * 100 - ay + 15) < 28) {
        out.push(`${tw.height ? tr('tip.tower', { n: tw.height }) : tr('tip.foundation')}: ${tw.closed ? tr('tip.tower.closed') : tr('tip.tower.reach', { n: tw.height + 1 })}`);
      }
    }
    const d = view.dragon;
    if (d?.dragon && d.dragon.x === x && d.dragon.y === y) out.push(tr('tip.dragon'));
    if (d?.fairy && d.fairy.x === x && d.fairy.y === y) out.push(tr(d.fairy.follower ? 'tip.fairy' : 'tip.fairy.alone'));
    return out.join(' ');
  }

  /**
   * The barn under a screen point (Abbey & Mayor), or undefined: pointing at a barn tells its
   * field (the field at the corner, the east edge's south half of its north-west tile, where
   * the state stands it: `(x,y) SE`). @param {number} clientX @param {number} clientY @param {View} view
   */
  barnUnder(clientX, clientY, view) {
    const r = this.svg.getBoundingClientRect();
    const bx = (clientX - r.left - this.tx) / this.scale, by = (clientY - r.top - this.ty) / this.scale;
    return view.followers.find((f) => {
      if (f.type !== 'barn') return false;
      const [ax, ay] = this.anchorOf(f.x, f.y, f.type, f.port);
      return Math.hypot(bx - f.x * 100 - ax, by - f.y * 100 - ay) < 20;
    });
  }

  /** The printed segment at a board port of the tile at (x, y) (its inn, cathedral, goods), or undefined. @param {number} x @param {number} y @param {string} port */
  segmentDef(x, y, port) {
    const c = this.cells.get(`${x},${y}`);
    return c ? segmentAt(this.def(c.tile), port, c.rot) : undefined;
  }

  /** Whether two board ports of the tile at (x, y) name one segment. @param {number} x @param {number} y @param {string} a @param {string} b */
  sameSegment(x, y, a, b) {
    const c = this.cells.get(`${x},${y}`);
    if (!c) return false;
    const def = this.def(c.tile);
    const sa = segmentAt(def, a, c.rot);
    return !!sa && sa === segmentAt(def, b, c.rot);
  }

  /** Anchor (in tile units) of the segment at a board port of the tile at (x, y). @param {number} x @param {number} y @param {string} port @returns {[number, number]} */
  anchor(x, y, port) {
    const c = this.cells.get(`${x},${y}`);
    if (!c) return [50, 50];
    return boardAnchor(this.def(c.tile), port, c.rot);
  }

  /**
   * Where a figure or target of a type stands on the tile at (x, y): a barn at the corner its
   * port names (board directions: a corner is the same on every rotation), else the anchor
   * of the segment at that port. @param {number} x @param {number} y @param {string} type @param {string} port @returns {[number, number]}
   */
  anchorOf(x, y, type, port) {
    return type === 'barn' ? CORNERS[port] ?? [50, 50] : this.anchor(x, y, port);
  }

  /**
   * A follower of a seat standing (or lying: a farmer, or on a locked feature) at (x, y).
   * @param {Element} parent @param {number} seat @param {number} x @param {number} y @param {boolean} lying @param {boolean} locked
   */
  drawFollower(parent, seat, x, y, lying, locked, extraClass = '', figure = 'meeple') {
    const scale = (FIGURES[figure] ?? FIGURES.meeple).scale;
    // a farmer lies down; a pig stands in its field as it is
    const lie = lying && figure !== 'pig';
    const g = el('g', { transform: `translate(${x} ${y}) rotate(${lie ? 90 : 0}) scale(${scale})`, class: `follower seat-${seat} ${extraClass}`, 'data-figure': figure }, parent);
    const fig = drawFigure(g, seat, figure, true);
    // the digit stays upright on a figure lying down
    const m = fig.querySelector('.seat-mark');
    if (m && lie) m.setAttribute('transform', `rotate(-90 ${m.getAttribute('x')} ${m.getAttribute('y')})`);
    if (locked) {
      const l = el('g', { transform: `rotate(${lying ? -90 : 0}) translate(8 -10)`, class: 'lock' }, g);
      el('rect', { x: -4, y: -1, width: 8, height: 6, rx: 1 }, l);
      el('path', { d: 'M-2.5-1v-2a2.5 2.5 0 0 1 5 0v2' }, l);
    }
    return g;
  }

  /**
   * Placement spots: `spots` are "x,y" keys; `active` the chosen one. `onPick(key)` on a click,
   * `onPick(key, true)` when the pointer enters a spot.
   * @param {string[]} spots @param {string|null} active @param {(key: string, hover?: boolean) => void} onPick
   */
  setSpots(spots, active, onPick) {
    const layer = this.layers.spots;
    layer.replaceChildren();
    for (const key of spots) {
      const [x, y] = key.split(',').map(Number);
      const r = el('rect', { x: x * 100 + 4, y: y * 100 + 4, width: 92, height: 92, class: `spot${key === active ? ' active' : ''}`, 'data-spot': key, tabindex: -1 }, layer);
      r.addEventListener('click', (e) => { e.stopPropagation(); onPick(key); });
      r.addEventListener('pointerenter', () => onPick(key, true));
    }
  }

  /**
   * The holes a tile may be chosen for (the abbey), each outlined like a placement spot with
   * the tile drawn faintly in it; `onPick(key)` on a click. @param {string[]} keys @param {string} tile @param {(key: string) => void} onPick
   */
  setHoles(keys, tile, onPick) {
    const layer = this.layers.spots;
    layer.replaceChildren();
    for (const key of keys) {
      const [x, y] = key.split(',').map(Number);
      const g = el('g', { transform: `translate(${x * 100} ${y * 100})`, class: 'hole-preview' }, layer);
      g.appendChild(drawTile(this.def(tile), 0));
      const r = el('rect', { x: x * 100 + 4, y: y * 100 + 4, width: 92, height: 92, class: 'spot abbey-hole', 'data-hole': key, tabindex: -1 }, layer);
      r.addEventListener('click', (e) => { e.stopPropagation(); onPick(key); });
    }
  }

  /** A tile drawn at a spot (the placement preview), or nothing. @param {string|null} tile @param {number} x @param {number} y @param {number} rot */
  setPreview(tile, x, y, rot) {
    const layer = this.layers.preview;
    layer.replaceChildren();
    if (!tile) return;
    const g = el('g', { transform: `translate(${x * 100} ${y * 100}) rotate(${90 * rot} 50 50)`, class: 'preview' }, layer);
    g.appendChild(drawTile(this.def(tile), rot));
    el('rect', { x: x * 100 + 2, y: y * 100 + 2, width: 96, height: 96, class: 'preview-frame' }, layer);
  }

  /**
   * Clickable targets: tokens of moves.js (segments, positions, ports on the context tile).
   * `ctx` is the tile (x, y) a bare port refers to; `selected` the chosen token's text; `seat`,
   * if not -1, whose ghost follower shows on the selected segment.
   * `figure`: the figure the ghost is (the follower step's figure choice).
   * @param {Token[]} list @param {Position|null|undefined} ctx @param {string|null} selected @param {(t: Token) => void} onPick
   */
  setTargets(list, ctx, selected, onPick, seat = -1, figure = 'meeple') {
    const layer = this.layers.targets;
    layer.replaceChildren();
    // the touch areas first, under every target's ring: at least 44 px across whatever the zoom
    // (apply() keeps them so); a tap anywhere in one picks the nearest target
    const hits = el('g', { class: 'target-hits' }, layer);
    // where each target is, and the least distance between two, in board units (ringRadius)
    this.targetGap = Infinity;
    /** @type {[number, number][]} */
    const at = list.map((t) => {
      const x = t.kind === 'port' ? ctx?.x ?? 0 : t.x, y = t.kind === 'port' ? ctx?.y ?? 0 : t.y;
      if (t.kind === 'pos') return [x * 100 + 50, y * 100 + 50];
      const [ax, ay] = this.anchorOf(x, y, t.type, t.port);
      return [x * 100 + ax, y * 100 + ay];
    });
    for (let i = 0; i < at.length; i++) for (let j = i + 1; j < at.length; j++) this.targetGap = Math.min(this.targetGap, Math.hypot(at[i][0] - at[j][0], at[i][1] - at[j][1]));
    /** @type {{t: Token, cx: number, cy: number, pos: boolean}[]} where each target is, in board units */
    const spots = [];
    list.forEach((t, i) => {
      const x = t.kind === 'port' ? ctx?.x ?? 0 : t.x, y = t.kind === 'port' ? ctx?.y ?? 0 : t.y;
      const sel = t.text === selected, [cx, cy] = at[i];
      let node;
      if (t.kind === 'pos') {
        node = el('rect', { x: x * 100 + 6, y: y * 100 + 6, width: 88, height: 88, class: `target pos${sel ? ' selected' : ''}` }, layer);
      } else {
        node = el('g', { class: `target seg${sel ? ' selected' : ''}`, transform: `translate(${cx} ${cy})` }, layer);
        el('circle', { cx, cy, r: this.hitRadius(), class: 'target-hit' }, hits);
        el('circle', { r: this.ringRadius(), class: 'target-ring' }, node);
        if (sel && seat >= 0) this.drawFollower(node, seat, 0, 0, t.type === 'field', false, 'ghost', figure);
      }
      spots.push({ t, cx, cy, pos: t.kind === 'pos' });
      node.setAttribute('data-target', t.text);
    });
    // a tap picks the nearest target, not the topmost of overlapping touch areas (a tap 6 px
    // off a road must not pick the field beside it)
    layer.onclick = (e) => {
      e.stopPropagation();
      const r = this.svg.getBoundingClientRect();
      const bx = (e.clientX - r.left - this.tx) / this.scale, by = (e.clientY - r.top - this.ty) / this.scale;
      let best = null, bestD = Infinity;
      for (const s of spots) {
        const d = s.pos && Math.abs(bx - s.cx) <= 44 && Math.abs(by - s.cy) <= 44 ? 0 : Math.hypot(bx - s.cx, by - s.cy);
        if (d < bestD) { best = s; bestD = d; }
      }
      if (best) onPick(best.t);
    };
  }

  /** The radius, in board units, of a target's touch area: 22 px on screen, 15 units at least. */
  hitRadius() {
    return Math.max(15, 22 / this.scale);
  }

  /**
   * The radius of a target's ring, in board units: 15, and never under 13 px on screen (issue
   * 32: on a phone's fitted board rings were 8 to 14 px across), nor wider than most of a tile.
   */
  ringRadius() {
    // grown only as far as half the gap between two targets: rings never cover each other
    return Math.max(15, Math.min(13 / this.scale, 40, this.targetGap / 2));
  }

  /**
   * Brings the targets (or spots) into view when they appear: the board fitted to the tiles
   * they are on, then zoomed in (up to 4x) until neighbouring targets are 44 px apart when that
   * keeps them on screen (`touch`: a phone or a touch screen). @param {string[]} tiles the
   * targets' tiles, "x,y" @param {boolean} [touch]
   */
  fitTargets(tiles, touch = false) {
    if (!tiles.length) return;
    const r = this.svg.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const gap = this.targetGap;
    // nothing to do when every target is in sight and (on a touch screen) 44 px apart
    const seen = tiles.every((k) => { const [x, y] = k.split(',').map(Number); return this.inSight(x, y); });
    if (seen && (!touch || gap === Infinity || gap * this.scale >= 44)) return;
    const pts = tiles.map((k) => k.split(',').map(Number));
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const minx = Math.min(...xs) * 100 - 30, maxx = (Math.max(...xs) + 1) * 100 + 30;
    const miny = Math.min(...ys) * 100 - 30, maxy = (Math.max(...ys) + 1) * 100 + 30;
    const fits = Math.min(r.width / (maxx - minx), r.height / (maxy - miny));
    const wanted = touch && gap < Infinity && gap > 0 ? 44 / gap : 0;
    // in view first; then no smaller than the board's own fit, nor than 44 px between targets
    this.scale = Math.max(Math.min(fits, 4), Math.min(this.scale, fits));
    if (wanted > this.scale) this.scale = Math.min(wanted, fits, 4);
    this.tx = (r.width - (maxx + minx) * this.scale) / 2;
    this.ty = (r.height - (maxy + miny) * this.scale) / 2;
    this.apply();
  }

  /**
   * Points rising from the feature that scored them, in the seat's colour, for two seconds.
   * @param {number} x @param {number} y @param {string} port @param {number} points @param {number} seat
   */
  rise(x, y, port, points, seat) {
    this.layers.floats ??= el('g', { class: 'layer-floats' }, this.content);
    const [ax, ay] = this.cells.has(`${x},${y}`) ? this.anchor(x, y, port) : [50, 50];
    const t = el('text', { x: x * 100 + ax, y: y * 100 + ay, class: 'rise', fill: SEAT_COLOURS[seat] ?? '#222' }, this.layers.floats);
    t.textContent = `+${points}`;
    setTimeout(() => t.remove(), 2200);
  }

  /** Outlines the tiles of a feature (hover, a modifier question); null clears it. @param {Feature|null|undefined} f */
  highlightFeature(f, layerName = 'hover') {
    this.layers[layerName] ??= el('g', { class: `layer-${layerName}` }, this.content);
    const layer = this.layers[layerName];
    layer.replaceChildren();
    if (!f) return;
    for (const s of segs(f)) {
      el('rect', { x: s.x * 100 + 1, y: s.y * 100 + 1, width: 98, height: 98, class: `extent ${f.type}` }, layer);
      const [ax, ay] = this.anchor(s.x, s.y, s.port);
      el('circle', { cx: s.x * 100 + ax, cy: s.y * 100 + ay, r: 7, class: 'extent-dot' }, layer);
    }
  }

  clearInteractive() {
    for (const n of ['spots', 'preview', 'targets']) this.layers[n].replaceChildren();
  }

  /** The placed tiles' extent in board units, one tile of margin: [x, y, width, height]. @returns {[number, number, number, number]} */
  bounds() {
    const pts = [...this.cells.keys()].map((k) => k.split(',').map(Number));
    if (!pts.length) pts.push([0, 0]);
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const minx = Math.min(...xs) - 1, miny = Math.min(...ys) - 1;
    return [minx * 100, miny * 100, (Math.max(...xs) - minx + 2) * 100, (Math.max(...ys) - miny + 2) * 100];
  }

  /** The part of the board on screen, in board units: [x, y, width, height]. @returns {[number, number, number, number]} */
  visible() {
    const r = this.svg.getBoundingClientRect();
    return [-this.tx / this.scale, -this.ty / this.scale, r.width / this.scale, r.height / this.scale];
  }

  /** Pans so that board point (bx, by) is in the middle of the screen. @param {number} bx @param {number} by */
  centreOn(bx, by) {
    const r = this.svg.getBoundingClientRect();
    this.tx = r.width / 2 - bx * this.scale;
    this.ty = r.height / 2 - by * this.scale;
    this.userMoved = true;
    this.apply();
  }

  /** True when tile (x, y) is wholly on screen. @param {number} x @param {number} y */
  inSight(x, y) {
    const r = this.svg.getBoundingClientRect();
    const s = this.scale, left = this.tx + x * 100 * s, top = this.ty + y * 100 * s;
    return left >= 0 && top >= 0 && left + 100 * s <= r.width && top + 100 * s <= r.height;
  }

  /** Pans just enough to bring tile (x, y) into sight (keyboard moves keep the chosen spot seen). @param {number} x @param {number} y */
  reveal(x, y) {
    const r = this.svg.getBoundingClientRect();
    const s = this.scale, m = 8;
    const left = this.tx + x * 100 * s, top = this.ty + y * 100 * s, size = 100 * s;
    let dx = 0, dy = 0;
    if (left < m) dx = m - left; else if (left + size > r.width - m) dx = r.width - m - left - size;
    if (top < m) dy = m - top; else if (top + size > r.height - m) dy = r.height - m - top - size;
    if (dx || dy) { this.tx += dx; this.ty += dy; this.userMoved = true; this.apply(); }
  }

  /** Fits the placed tiles and `extra` positions ("x,y") in the view. @param {string[]} extra */
  fit(extra = []) {
    const r = this.svg.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const pts = [...this.cells.keys(), ...extra].map((k) => k.split(',').map(Number));
    if (!pts.length) pts.push([0, 0]);
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const minx = Math.min(...xs) * 100 - 20, maxx = (Math.max(...xs) + 1) * 100 + 20;
    const miny = Math.min(...ys) * 100 - 20, maxy = (Math.max(...ys) + 1) * 100 + 20;
    this.scale = Math.min(r.width / (maxx - minx), r.height / (maxy - miny), 1.6);
    this.tx = (r.width - (maxx + minx) * this.scale) / 2;
    this.ty = (r.height - (maxy + miny) * this.scale) / 2;
    this.userMoved = false;
    this.apply();
  }

  /** Zooms by `f` about the point (cx, cy) of the board's box (its middle by default). @param {number} f @param {number} [cx] @param {number} [cy] */
  zoom(f, cx, cy) {
    const r = this.svg.getBoundingClientRect();
    cx ??= r.width / 2; cy ??= r.height / 2;
    const s = Math.max(0.15, Math.min(4, this.scale * f));
    this.tx = cx - (cx - this.tx) * (s / this.scale);
    this.ty = cy - (cy - this.ty) * (s / this.scale);
    this.scale = s;
    this.userMoved = true;
    this.apply();
  }

  /** After the board's box changed size: refit, or keep the same point in the middle. */
  resized() {
    const r = this.svg.getBoundingClientRect();
    if (this.lastW && this.userMoved) { this.tx += (r.width - this.lastW) / 2; this.ty += (r.height - this.lastH) / 2; this.apply(); }
    this.lastW = r.width; this.lastH = r.height;
  }

  apply() {
    const r = this.svg.getBoundingClientRect();
    this.lastW = r.width; this.lastH = r.height;
    this.view.setAttribute('transform', `translate(${this.tx} ${this.ty}) scale(${this.scale})`);
    this.onView?.();
    for (const c of this.layers.targets.querySelectorAll('.target-hit')) c.setAttribute('r', String(this.hitRadius()));
    for (const c of this.layers.targets.querySelectorAll('.target-ring')) c.setAttribute('r', String(this.ringRadius()));
  }

  initGestures() {
    /** @type {Map<number, [number, number]>} the pointers down, where each was last */
    const pts = new Map();
    /** @type {number|null} the distance of the two pointers of a pinch, when last seen */
    let last = null;
    let moved = 0;
    this.svg.addEventListener('pointerdown', (e) => {
      pts.set(e.pointerId, [e.clientX, e.clientY]);
      moved = 0;
      last = null;
    });
    this.svg.addEventListener('pointermove', (e) => {
      const prev = pts.get(e.pointerId);
      if (!prev) return;
      pts.set(e.pointerId, [e.clientX, e.clientY]);
      if (pts.size === 1) {
        const dx = e.clientX - prev[0], dy = e.clientY - prev[1];
        moved += Math.abs(dx) + Math.abs(dy);
        if (moved > 4) {
          if (moved - Math.abs(dx) - Math.abs(dy) <= 4) this.svg.setPointerCapture(e.pointerId);
          this.tx += dx; this.ty += dy; this.userMoved = true; this.apply();
        }
      } else if (pts.size === 2) {
        const [a, b] = [...pts.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        const r = this.svg.getBoundingClientRect();
        if (last) this.zoom(d / last, (a[0] + b[0]) / 2 - r.left, (a[1] + b[1]) / 2 - r.top);
        last = d;
        moved = 100;
      }
    });
    /** @param {PointerEvent} e */
    const up = (e) => { pts.delete(e.pointerId); last = null; };
    this.svg.addEventListener('pointerup', up);
    this.svg.addEventListener('pointercancel', up);
    // a drag is not a click: swallow the click that ends a pan
    this.svg.addEventListener('click', (e) => { if (moved > 4) { e.stopPropagation(); e.preventDefault(); } }, true);
    this.svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = this.svg.getBoundingClientRect();
      this.zoom(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
  }
}
