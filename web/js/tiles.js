// Tile drawing from the catalogue served at /api/tiles (docs/RECORD.md, "Tile catalogue JSON").
// A tile is a 100 x 100 square drawn as printed (rotation 0): a field, then roads, then cities
// with their walls and pennants, then the cloister; the marks of Inns & Cathedrals and Traders &
// Builders (inns, cathedrals, goods, the inner field) from the segments' flags; the volcano,
// dragon symbol, portal and princess of The Princess & the Dragon, The Tower's foundations and
// the abbey (from the catalogue's `mark`); The River's water
// (from the edges: a river edge is no segment) with its spring or lake, and The Abbot's gardens
// (a segment of type `garden`, on a clear patch of the tile found here). Each segment also
// gets an anchor point, where a follower stands and where a click chooses it. The board rotates the whole drawing; ports
// given in board directions are turned back to printed ports with `unrotatePort`.

export const EDGES = ['N', 'E', 'S', 'W'];
export const HALVES = ['NW', 'NE', 'EN', 'ES', 'SE', 'SW', 'WS', 'WN'];
const SVGNS = 'http://www.w3.org/2000/svg';

/** @typedef {import('./types.js').TileSegment} Segment */
/** @typedef {import('./types.js').TileDef} TileDef */
/** A point of a tile, 0..100 each way. @typedef {[number, number]} Point */

/** A port turned `rot` quarter turns clockwise (printed → board). @param {string} port @param {number} rot */
export function rotatePort(port, rot) {
  const e = EDGES.indexOf(port);
  if (e >= 0) return EDGES[(e + rot) % 4];
  const h = HALVES.indexOf(port);
  if (h >= 0) return HALVES[(h + 2 * rot) % 8];
  return port;
}

/** A board port turned back to the printed tile's port. @param {string} port @param {number} rot */
export function unrotatePort(port, rot) {
  return rotatePort(port, (4 - (rot % 4)) % 4);
}

/**
 * A point of the printed tile turned `rot` quarter turns clockwise about the centre.
 * @param {Point} point @param {number} rot @returns {Point}
 */
export function rotatePoint([x, y], rot) {
  for (let i = 0; i < rot; i++) [x, y] = [100 - y, x];
  return [x, y];
}

/** @type {Record<string, Point>} the middle of each edge */
const MID = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };

/** @type {Record<string, Point>} */
const HALF_POINTS = { NW: [25, 13], NE: [75, 13], EN: [87, 25], ES: [87, 75], SE: [75, 87], SW: [25, 87], WS: [13, 75], WN: [13, 25] };

/** The inner point of a half-edge port: 25 or 75 along its edge, 13 inside. @param {string} p */
function halfPoint(p) {
  return HALF_POINTS[p];
}

/** @typedef {'full'|'cap'|'corner'|'band'|'three'} CityKind */
/** The tile's inner field (a field touching no edge), if it has one. @param {TileDef} def */
export function innerField(def) {
  return def.segments.find((s) => s.type === 'field' && s.ports.includes('I'));
}

/** Where the inner field shows: the middle, or below a band city that crosses the middle. @param {TileDef} def @returns {Point} */
function innerPoint(def) {
  const band = def.segments.find((s) => s.type === 'city' && cityShape(s.ports).kind === 'band');
  if (!band) return [50, 50];
  return rotatePoint([50, 64], cityShape(band.ports).rot);
}



/** Where a second inner field shows: opposite the first across the middle. @param {TileDef} def @returns {Point} */
function secondInnerPoint(def) {
  const [x, y] = innerPoint(def);
  return [100 - x, 100 - y];
}

/**
 * Which canonical city shape a set of edges is, and the turn that puts it there.
 * @param {string[]} ports @returns {{kind: CityKind, rot: number}}
 */
function cityShape(ports) {
  const idx = ports.map((p) => EDGES.indexOf(p)).sort();
  if (idx.length === 4) return { kind: 'full', rot: 0 };
  if (idx.length === 1) return { kind: 'cap', rot: idx[0] };
  if (idx.length === 3) {
    const missing = [0, 1, 2, 3].find((i) => !idx.includes(i)) ?? 2;
    return { kind: 'three', rot: (missing + 2) % 4 };
  }
  const [a, b] = idx;
  if (b - a === 2) return { kind: 'band', rot: a === 1 ? 0 : 1 };
  // adjacent: canonical N,E; {W,N} is (3,0) sorted to [0,3]
  return { kind: 'corner', rot: b - a === 3 ? 3 : a };
}

/** @type {Record<CityKind, [string, string, Point]>} canonical shapes: cap on N, corner N+E, band E-W, three without S; [fill path, wall path, anchor] */
const CITY = {
  full: ['M0 0H100V100H0Z', '', [50, 50]],
  cap: ['M0 0H100Q50 56 0 0Z', 'M100 0Q50 56 0 0', [50, 15]],
  corner: ['M0 0H100V100Q35 65 0 0Z', 'M100 100Q35 65 0 0', [70, 30]],
  band: ['M0 0Q50 50 100 0V100Q50 50 0 100Z', 'M0 0Q50 50 100 0M100 100Q50 50 0 100', [50, 50]],
  three: ['M0 0H100V100Q50 40 0 100Z', 'M100 100Q50 40 0 100', [50, 38]],
};

/** Anchor of a segment of the printed tile (where a follower stands). @param {TileDef} def @param {Segment} seg @returns {Point} */
export function segmentAnchor(def, seg) {
  if (seg.type === 'cloister') return [50, 50];
  if (seg.type === 'garden') return gardenPoint(def);
  if (seg.type === 'city') {
    // a cathedral stands in the middle of its city: the follower beside it
    if (seg.cathedral) return [72, 74];
    const s = cityShape(seg.ports);
    // with an inner field below a band, the band keeps to the upper half of the tile
    if (s.kind === 'band' && innerField(def)) return rotatePoint([50, 30], s.rot);
    return rotatePoint(CITY[s.kind][2], s.rot);
  }
  if (seg.type === 'field' && seg.ports.includes('I')) return innerPoint(def);
  // a second inner field (AM/CCcc+ of Abbey & Mayor): across the middle from the first
  if (seg.type === 'field' && seg.ports.includes('I2')) return secondInnerPoint(def);
  if (seg.type === 'road') {
    if (seg.ports.length === 1) {
      const [mx, my] = MID[seg.ports[0]];
      return [50 + (mx - 50) * 0.66, 50 + (my - 50) * 0.66];
    }
    const [a, b] = seg.ports.map((p) => MID[p]);
    return [0.25 * a[0] + 25 + 0.25 * b[0], 0.25 * a[1] + 25 + 0.25 * b[1]];
  }
  // a field: the inner point of one of its half-edges, the one nearest their average
  const pts = seg.ports.map(halfPoint);
  // on a river tile, the one farthest from the water (a farmer never stands in the river)
  const water = riverOf(def);
  if (water) {
    const away = (/** @type {Point} */ p) => Math.min(...water.pts.map((w) => Math.hypot(p[0] - w[0], p[1] - w[1])));
    return pts.reduce((a, b) => (away(b) > away(a) + 0.5 ? b : a));
  }
  const ax = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const ay = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  let best = pts[0];
  for (const p of pts) if ((p[0] - ax) ** 2 + (p[1] - ay) ** 2 < (best[0] - ax) ** 2 + (best[1] - ay) ** 2) best = p;
  if (!def.cloister && seg.ports.length === 8) return [50, 50];
  return best;
}

// ---- The River: the water drawn from the edges (a river edge is no segment, R7) ----

/** The printed edges (`N`...) of a tile that are river edges: `W` in the catalogue's `edges` (docs/RECORD.md). @param {TileDef} def */
export function riverEdges(def) {
  return EDGES.filter((_, i) => (def.edges ?? '')[i] === 'W');
}

/**
 * The river on a printed tile: its path, the pool it rises in or ends in (`spring`, `lake`,
 * or none for water that flows through), and points along it (to keep figures and gardens
 * off it). A straight river bends away from a road that ends on its bank (over the cloister
 * of a cloister tile), as printed.
 * @typedef {{d: string, end: 'spring'|'lake'|null, pool: Point|null, pts: Point[], ends: string[], straight: boolean}} River
 */

/** @type {WeakMap<TileDef, River|null>} */
const RIVERS = new WeakMap();

/** The river of a tile, or null for a tile without one. @param {TileDef} def @returns {River|null} */
export function riverOf(def) {
  if (RIVERS.has(def)) return RIVERS.get(def) ?? null;
  const ends = riverEdges(def);
  /** @type {River|null} */
  let river = null;
  if (ends.length === 1) {
    // the spring rises in a pool near the middle; the lake fills the middle of its tile
    const lake = /lake/i.test(def.description ?? '') || /\.e$/.test(def.id);
    const [mx, my] = MID[ends[0]];
    const pool = /** @type {Point} */ ([50 + (50 - mx) * (lake ? 0.16 : 0.3), 50 + (50 - my) * (lake ? 0.16 : 0.3)]);
    const pts = sample([mx, my], [(mx + pool[0]) / 2, (my + pool[1]) / 2], pool);
    const r = lake ? 26 : 10;
    for (let a = 0; a < 16; a++) pts.push([pool[0] + r * Math.cos(a * Math.PI / 8), pool[1] + r * Math.sin(a * Math.PI / 8)]);
    river = { d: `M${mx} ${my}L${pool[0]} ${pool[1]}`, end: lake ? 'lake' : 'spring', pool, pts, ends, straight: false };
  } else if (ends.length === 2) {
    const [a, b] = ends.map((e) => EDGES.indexOf(e));
    const straight = Math.abs(a - b) === 2;
    /** @type {Point} */
    let ctrl = [50, 50];
    if (straight) {
      // the two other edges: bend away from a road that ends on one side only
      const p = EDGES[(a + 1) % 4], q = EDGES[(a + 3) % 4];
      const road = (/** @type {string} */ e) => (def.edges ?? '')[EDGES.indexOf(e)] === 'R';
      const away = road(p) && !road(q) ? q : road(q) && !road(p) ? p : null;
      if (away) {
        const f = def.cloister ? 1.3 : 0.6;
        ctrl = [50 + (MID[away][0] - 50) * f, 50 + (MID[away][1] - 50) * f];
      }
    }
    const [pa, pb] = [MID[ends[0]], MID[ends[1]]];
    river = { d: `M${pa.join(' ')}Q${ctrl.join(' ')} ${pb.join(' ')}`, end: null, pool: null, pts: sample(pa, ctrl, pb), ends, straight };
  }
  RIVERS.set(def, river);
  return river;
}

/** Points along a quadratic curve from `a` to `b` (control `c`). @param {Point} a @param {Point} c @param {Point} b @returns {Point[]} */
function sample(a, c, b, n = 16) {
  /** @type {Point[]} */
  const out = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n, u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

/** Draws the water of a river tile: banks, water, ripples, and its spring or lake. @param {Element} g @param {River} r */
function drawRiver(g, r) {
  el('path', { d: r.d, class: 'river-bank' }, g);
  if (r.pool) el(r.end === 'lake' ? 'ellipse' : 'circle', r.end === 'lake' ? { cx: r.pool[0], cy: r.pool[1], rx: 29, ry: 25, class: 'river-bank' } : { cx: r.pool[0], cy: r.pool[1], r: 13, class: 'river-bank' }, g);
  el('path', { d: r.d, class: 'river' }, g);
  if (r.end === 'lake') {
    el('ellipse', { cx: r.pool?.[0] ?? 50, cy: r.pool?.[1] ?? 50, rx: 26, ry: 22, class: 'lake' }, g);
    for (const [x, y] of [[-12, -6], [4, 4], [-2, 12]]) el('path', { d: `M${(r.pool?.[0] ?? 50) + x} ${(r.pool?.[1] ?? 50) + y}q3 -3 6 0t6 0`, class: 'ripple' }, g);
  } else if (r.end === 'spring') {
    const [x, y] = r.pool ?? [50, 50];
    el('circle', { cx: x, cy: y, r: 10, class: 'lake' }, g);
    el('circle', { cx: x, cy: y, r: 4, class: 'spring-eye' }, g);
    for (const [dx, dy] of [[-11, -8], [-13, 5], [-4, 12]]) el('circle', { cx: x + dx, cy: y + dy, r: 3, class: 'stone' }, g);
  } else el('path', { d: r.d, class: 'ripple' }, g);
}

// ---- The Abbot: where a garden lies on its tile ----

/** @type {WeakMap<TileDef, Point>} */
const GARDENS = new WeakMap();

/**
 * Where a tile's garden is drawn (and its abbot stands): the point of the tile farthest from
 * everything else on it (clearPoint). The catalogue says only that the tile has a garden.
 * @param {TileDef} def @returns {Point}
 */
export function gardenPoint(def) {
  const known = GARDENS.get(def);
  if (known) return known;
  const best = clearPoint(def, []);
  GARDENS.set(def, best);
  return best;
}

/**
 * The point of the tile farthest from everything else on it (roads, water, cities, the
 * cloister, the segments' followers, an inn, the tile's border, and the points `keep`), found
 * on a grid: where a garden, a tower or a mark of The Princess & the Dragon is drawn.
 * @param {TileDef} def @param {Point[]} keep @returns {Point}
 */
function clearPoint(def, keep) {
  /** @type {Point[]} points of lines to keep off: roads, water */
  const lines = [];
  for (const r of def.segments.filter((x) => x.type === 'road')) {
    const [a, b] = [MID[r.ports[0]], r.ports.length > 1 ? MID[r.ports[1]] : /** @type {Point} */ ([50, 50])];
    lines.push(...sample(a, [50, 50], b));
  }
  const water = riverOf(def)?.pts ?? [];
  const cities = def.segments.filter((x) => x.type === 'city').map((c) => cityPolygon(def, c));
  /** @type {Point[]} where the other segments' followers stand */
  const anchors = def.segments.filter((x) => x.type !== 'garden').map((x) => segmentAnchor(def, x));
  // an inn stands beside its road (drawInn): keep off it too
  for (const r of def.segments.filter((x) => x.inn)) anchors.push(innPoint(r, segmentAnchor(def, r)));
  anchors.push(...keep);
  let best = /** @type {Point} */ ([50, 50]), bestScore = -Infinity;
  for (let y = 14; y <= 86; y += 3) {
    for (let x = 14; x <= 86; x += 3) {
      /** @type {Point} */
      const p = [x, y];
      if (cities.some((poly) => inside(p, poly))) continue;
      if (def.cloister && x > 26 && x < 74 && y > 20 && y < 70) continue;
      let score = Math.min(x, y, 100 - x, 100 - y) - 12;
      for (const q of lines) score = Math.min(score, Math.hypot(x - q[0], y - q[1]) - 8);
      for (const q of water) score = Math.min(score, Math.hypot(x - q[0], y - q[1]) - 11);
      for (const poly of cities) score = Math.min(score, edgeDistance(p, poly) - 2);
      for (const q of anchors) score = Math.min(score, Math.hypot(x - q[0], y - q[1]) - 12);
      // between equals, nearer the middle
      score -= Math.hypot(x - 50, y - 50) * 0.02;
      if (score > bestScore) { bestScore = score; best = p; }
    }
  }
  return best;
}

// ---- The Princess & the Dragon, The Tower: the marks printed on their tiles ----

/**
 * The mark of The Princess & the Dragon a tile carries (PD1: exactly one each), from the
 * catalogue's `mark`: `volcano`, `dragon` (the dragon symbol), `portal` (a magic portal),
 * `princess`, or null. @param {TileDef} def
 * @returns {'volcano'|'dragon'|'portal'|'princess'|null}
 */
export function dragonMark(def) {
  const m = def.mark;
  return m === 'volcano' || m === 'dragon' || m === 'portal' || m === 'princess' ? m : null;
}

/** Whether a tile has a tower foundation (The Tower: each of its tiles has one, TW1). @param {TileDef} def */
export function hasTower(def) {
  return def.mark === 'tower';
}

/** Whether a tile is the abbey (Abbey & Mayor: a cloister closing every side, AM4). @param {TileDef} def */
export function isAbbey(def) {
  return def.mark === 'abbey';
}

/** @type {WeakMap<TileDef, Point>} */
const MARKS = new WeakMap();

/**
 * Where a tile's tower (and the follower on its top), volcano, dragon symbol or portal is drawn
 * (printed tile): a clear patch, off its garden. The princess is on the tile's first city (PD1).
 * @param {TileDef} def @returns {Point}
 */
export function markPoint(def) {
  const known = MARKS.get(def);
  if (known) return known;
  const city = def.segments.find((x) => x.type === 'city');
  const [ax, ay] = city ? segmentAnchor(def, city) : [50, 50];
  const best = dragonMark(def) === 'princess' ? /** @type {Point} */ ([ax + (ax > 60 ? -15 : 15), ay + (ay > 60 ? -14 : 14)])
    : clearPoint(def, def.segments.some((x) => x.type === 'garden') ? [gardenPoint(def)] : []);
  MARKS.set(def, best);
  return best;
}

/** A volcano: a brown cone, glowing lava at its crater and a wisp of smoke, about (0, 0). @param {Element} g */
export function drawVolcano(g) {
  g.setAttribute('class', 'volcano');
  el('path', { d: 'M-15 11L-5-7H5L15 11Z', class: 'volcano-cone' }, g);
  el('path', { d: 'M-5-7Q0-3 5-7L3 0L0-4L-2 2Z', class: 'volcano-lava' }, g);
  el('path', { d: 'M0-9C-4-13 4-15 0-19', class: 'volcano-smoke' }, g);
  return g;
}

/** The dragon symbol: a red disc with a white dragon's head, about (0, 0). @param {Element} g */
export function drawDragonSymbol(g) {
  g.setAttribute('class', 'dragon-symbol');
  el('circle', { r: 11, class: 'dragon-symbol-disc' }, g);
  el('path', { d: 'M-7 5L-3-2L-5-8L0-4L4-7L8-1L3 0L5 5Z', class: 'dragon-symbol-head' }, g);
  return g;
}

/** A magic portal: a violet arch of light with a spark, about (0, 0). @param {Element} g */
export function drawPortal(g) {
  g.setAttribute('class', 'portal');
  el('path', { d: 'M-9 10V-2A9 9 0 0 1 9-2V10Z', class: 'portal-arch' }, g);
  el('path', { d: 'M-5 10V-1A5 5 0 0 1 5-1V10Z', class: 'portal-light' }, g);
  el('path', { d: 'M0-5L1.5-1.5L5 0L1.5 1.5L0 5L-1.5 1.5L-5 0L-1.5-1.5Z', class: 'portal-spark' }, g);
  return g;
}

/** The princess: a golden crown, about (0, 0). @param {Element} g */
export function drawCrown(g) {
  g.setAttribute('class', 'princess');
  el('path', { d: 'M-9 6V-5L-4.5 0L0-7L4.5 0L9-5V6Z', class: 'crown' }, g);
  for (const x of [-9, 0, 9]) el('circle', { cx: x, cy: x ? -5.5 : -7.5, r: 1.6, class: 'crown-jewel' }, g);
  return g;
}

/** A tower foundation: a square of grey stones, about (0, 0). @param {Element} g */
export function drawFoundation(g) {
  g.setAttribute('class', 'foundation');
  el('rect', { x: -11, y: -11, width: 22, height: 22, rx: 2, class: 'foundation-stone' }, g);
  el('path', { d: 'M-11-4H11M-11 4H11M-3-11V-4M5-4V4M-3 4V11', class: 'foundation-joint' }, g);
  return g;
}

/** A city's outline on the printed tile as a polygon (its fill path, turned into place). @param {TileDef} def @param {Segment} c @returns {Point[]} */
function cityPolygon(def, c) {
  const s = cityShape(c.ports);
  let fill = CITY[s.kind][0];
  if (innerField(def) && s.kind === 'corner') fill = 'M0 0H100V100Q68 32 0 0Z';
  if (innerField(def) && s.kind === 'band') fill = 'M0 0Q50 20 100 0V52Q50 40 0 52Z';
  return pathPoints(fill).map((p) => rotatePoint(p, s.rot));
}

/** The points of a path of M, H, V, L, Q and Z commands (absolute), its curves sampled. @param {string} d @returns {Point[]} */
function pathPoints(d) {
  const t = d.match(/[MHVLQZ]|-?[\d.]+/g) ?? [];
  /** @type {Point[]} */
  const out = [];
  let cur = /** @type {Point} */ ([0, 0]);
  for (let i = 0; i < t.length;) {
    const c = t[i++];
    const num = () => Number(t[i++]);
    if (c === 'M' || c === 'L') { cur = [num(), num()]; out.push(cur); }
    else if (c === 'H') { cur = [num(), cur[1]]; out.push(cur); }
    else if (c === 'V') { cur = [cur[0], num()]; out.push(cur); }
    else if (c === 'Q') {
      const ctrl = /** @type {Point} */ ([num(), num()]), end = /** @type {Point} */ ([num(), num()]);
      out.push(...sample(cur, ctrl, end, 8).slice(1));
      cur = end;
    }
  }
  return out;
}

/** Whether a point is inside a polygon. @param {Point} p @param {Point[]} poly */
function inside([x, y], poly) {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/** The distance from a point to a polygon's outline. @param {Point} p @param {Point[]} poly */
function edgeDistance([x, y], poly) {
  let d = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [ax, ay] = poly[j], [bx, by] = poly[i];
    const dx = bx - ax, dy = by - ay, len = dx * dx + dy * dy;
    const t = len ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len)) : 0;
    d = Math.min(d, Math.hypot(x - ax - t * dx, y - ay - t * dy));
  }
  return d;
}

/**
 * A garden: a square bed inside a hedge, four lawns between crossing paths, flowers and a
 * small tree. Drawn about (0, 0), upright.
 * @param {Element} g
 */
export function drawGarden(g) {
  g.setAttribute('class', 'garden');
  el('rect', { x: -11, y: -11, width: 22, height: 22, rx: 4, class: 'garden-hedge' }, g);
  el('rect', { x: -8, y: -8, width: 16, height: 16, rx: 1.5, class: 'garden-lawn' }, g);
  el('path', { d: 'M0-8V8M-8 0H8', class: 'garden-path' }, g);
  for (const [x, y, c] of [[-4, -4, 'a'], [4, 4, 'a'], [-4, 4, 'b'], [4, -4, 'b']]) el('circle', { cx: x, cy: y, r: 1.7, class: `garden-flower garden-flower-${c}` }, g);
  return g;
}

/** The printed segment holding a board port of a tile placed with rotation `rot`. @param {TileDef} def @param {string} port @param {number} rot */
export function segmentAt(def, port, rot) {
  const p = unrotatePort(port, rot);
  return def.segments.find((s) => s.ports.includes(p));
}

/** Board anchor (in tile units, tile at the origin) of the segment at a board port. @param {TileDef} def @param {string} port @param {number} rot @returns {Point} */
export function boardAnchor(def, port, rot) {
  // a tower's top (The Tower: port T, no segment) is its foundation's place
  if (port === 'T') return rotatePoint(markPoint(def), rot);
  const seg = segmentAt(def, port, rot);
  return seg ? rotatePoint(segmentAnchor(def, seg), rot) : [50, 50];
}

/** An SVG element with its attributes, appended to `parent` if given. @param {string} name @param {Record<string, string|number>} attrs @param {Element|null} parent */
export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/**
 * An SVG group drawing one printed tile in 0..100 (not rotated). `rot` is the turn the caller
 * will give the group: the cloister and the pennant are turned back so they stay upright.
 * @param {TileDef} def @param {number} rot
 */
export function drawTile(def, rot = 0) {
  /** @param {number} x @param {number} y */
  const upright = (x, y) => `rotate(${-90 * rot} ${x} ${y})`;
  const g = el('g', { class: 'tile-art' });
  el('rect', { x: 0, y: 0, width: 100, height: 100, class: 'field' }, g);
  const river = riverOf(def);
  if (river) drawRiver(el('g', { class: 'water' }, g), river);
  const roads = def.segments.filter((s) => s.type === 'road');
  for (const r of roads) {
    const d = r.ports.length === 1
      ? `M${MID[r.ports[0]].join(' ')}L50 50`
      : `M${MID[r.ports[0]].join(' ')}Q50 50 ${MID[r.ports[1]].join(' ')}`;
    el('path', { d, class: 'road-edge' }, g);
    el('path', { d, class: 'road' }, g);
  }
  // a straight road over a straight river: a bridge
  for (const r of roads) {
    if (!river?.straight || r.ports.length !== 2 || Math.abs(EDGES.indexOf(r.ports[0]) - EDGES.indexOf(r.ports[1])) !== 2) continue;
    const across = EDGES.indexOf(r.ports[0]) % 2 === 1;
    el('path', { d: across ? 'M32 43H68M32 57H68' : 'M43 32V68M57 32V68', class: 'bridge' }, g);
  }
  const ends = roads.filter((r) => r.ports.length === 1).length;
  if (ends >= 3) el('rect', { x: 40, y: 40, width: 20, height: 20, rx: 3, class: 'junction' }, g);
  const inner = innerField(def);
  let pennantDone = false;
  for (const c of def.segments.filter((s) => s.type === 'city')) {
    const s = cityShape(c.ports);
    let [fill, wall, anchor] = CITY[s.kind];
    // with an inner field the cities keep clear of the middle, where it lies
    if (inner && s.kind === 'corner') [fill, wall] = ['M0 0H100V100Q68 32 0 0Z', 'M100 100Q68 32 0 0'];
    if (inner && s.kind === 'band') [fill, wall, anchor] = ['M0 0Q50 20 100 0V52Q50 40 0 52Z', 'M0 0Q50 20 100 0M100 52Q50 40 0 52', [50, 30]];
    const cg = el('g', { transform: `rotate(${90 * s.rot} 50 50)` }, g);
    el('path', { d: fill, class: 'city' }, cg);
    if (wall) el('path', { d: wall, class: 'wall' }, cg);
    const pennant = c.pennant ?? (!pennantDone && def.pennants > 0 && !def.segments.some((x) => x.pennant));
    if (pennant) {
      pennantDone = true;
      const [ax, ay] = anchor;
      const px = s.kind === 'cap' ? ax + 22 : ax + 14, py = s.kind === 'cap' ? ay - 6 : ay - 14;
      el('path', { d: `M${px - 6} ${py - 6}h12v7l-6 5l-6 -5Z`, class: 'pennant', transform: `rotate(${-90 * (s.rot + rot)} ${px} ${py})` }, cg);
    }
  }
  // two roads that stop on a tile without a cloister stop at a house
  if (ends === 2 && !river && !def.cloister && !def.segments.some((c) => c.type === 'city' && ['band', 'three', 'full'].includes(cityShape(c.ports).kind))) {
    el('rect', { x: 41, y: 41, width: 18, height: 18, rx: 3, class: 'junction' }, g);
  }
  // the abbey (Abbey & Mayor): a stone wall all round, which closes every side (AM4), and a
  // bell tower beside its church
  if (isAbbey(def)) {
    el('rect', { x: 5, y: 5, width: 90, height: 90, rx: 3, class: 'abbey-wall' }, g);
    const bell = el('g', { class: 'cloister', transform: upright(50, 50) }, g);
    el('rect', { x: 64, y: 24, width: 10, height: 40, class: 'cloister-wall' }, bell);
    el('path', { d: 'M62 25L69 13L76 25Z', class: 'cloister-roof' }, bell);
  }
  if (def.cloister) {
    const cl = el('g', { class: 'cloister', transform: upright(50, 50) }, g);
    el('rect', { x: 35, y: 40, width: 30, height: 24, class: 'cloister-wall' }, cl);
    el('path', { d: 'M31 41L50 25L69 41Z', class: 'cloister-roof' }, cl);
    el('path', { d: 'M50 45v14M45 50h10', class: 'cloister-cross' }, cl);
  }
  // two straight roads across each other: the second on a bridge over the first
  const straight = roads.filter((r) => r.ports.length === 2 && Math.abs(EDGES.indexOf(r.ports[0]) - EDGES.indexOf(r.ports[1])) === 2);
  if (straight.length === 2) {
    const across = EDGES.indexOf(straight[1].ports[0]) % 2 === 1;  // E-W: rails above and below
    el('path', { d: across ? 'M36 43H64M36 57H64' : 'M43 36V64M57 36V64', class: 'bridge' }, g);
  }
  if (inner) {
    const [ix, iy] = innerPoint(def);
    el('ellipse', { cx: ix, cy: iy, rx: 15, ry: 11, class: 'field inner-field' }, g);
    if (def.segments.some((x) => x.type === 'field' && x.ports.includes('I2'))) {
      const [jx, jy] = secondInnerPoint(def);
      el('ellipse', { cx: jx, cy: jy, rx: 15, ry: 11, class: 'field inner-field' }, g);
    }
  }
  for (const seg of def.segments) {
    const [ax, ay] = segmentAnchor(def, seg);
    if (seg.inn) drawInn(g, seg, ax, ay, rot);
    if (seg.cathedral) drawCathedral(el('g', { transform: upright(50, 50) }, g));
    if (seg.type === 'garden') drawGarden(el('g', { transform: `translate(${ax} ${ay}) ${upright(0, 0)}` }, g));
    if (seg.goods) drawGoods(el('g', { transform: `translate(${ax} ${ay}) ${upright(0, 0)} translate(${seg.cathedral ? 0 : -15} 15)` }, g), seg.goods);
  }
  // The Princess & the Dragon's mark and The Tower's foundation, upright on a clear patch
  const mark = dragonMark(def);
  if (mark || hasTower(def)) {
    const [mx, my] = markPoint(def);
    const mg = el('g', { transform: `translate(${mx} ${my}) ${upright(0, 0)} scale(1.3)` }, g);
    if (hasTower(def)) drawFoundation(mg);
    else if (mark === 'volcano') drawVolcano(mg);
    else if (mark === 'dragon') drawDragonSymbol(mg);
    else if (mark === 'portal') drawPortal(mg);
    else drawCrown(mg);
  }
  el('rect', { x: 0, y: 0, width: 100, height: 100, class: 'tile-border' }, g);
  return g;
}

/** Where an inn stands: across its road from the road's anchor, off its line. @param {Segment} seg @param {Point} anchor @returns {Point} */
function innPoint(seg, [ax, ay]) {
  const [dx, dy] = seg.ports.length === 1 && (seg.ports[0] === 'N' || seg.ports[0] === 'S') ? [17, 0] : [0, -17];
  return [ax + dx, ay + dy];
}

/**
 * An inn beside its road: a small house with a red roof by a blue pond, upright, on the side of
 * the road away from the tile's middle.
 * @param {Element} g @param {Segment} seg @param {number} ax @param {number} ay @param {number} rot
 */
function drawInn(g, seg, ax, ay, rot) {
  const [x, y] = innPoint(seg, [ax, ay]);
  const inn = el('g', { class: 'inn', transform: `rotate(${-90 * rot} ${x} ${y}) translate(${x} ${y})` }, g);
  el('ellipse', { cx: -6, cy: 7, rx: 9, ry: 4, class: 'inn-pond' }, inn);
  el('rect', { x: -2, y: -5, width: 12, height: 9, class: 'inn-wall' }, inn);
  el('path', { d: 'M-4 -4L4 -11L12 -4Z', class: 'inn-roof' }, inn);
}

/** A cathedral: a stone nave, a tall spire and a cross, in the middle of its city. @param {Element} g */
export function drawCathedral(g) {
  el('rect', { x: 34, y: 44, width: 32, height: 22, class: 'cathedral-wall' }, g);
  el('path', { d: 'M31 45L50 32L69 45Z', class: 'cathedral-roof' }, g);
  el('rect', { x: 44, y: 20, width: 12, height: 26, class: 'cathedral-wall' }, g);
  el('path', { d: 'M42 21L50 6L58 21Z', class: 'cathedral-roof' }, g);
  el('path', { d: 'M50 50v12M45 55h10', class: 'cathedral-cross' }, g);
}

/**
 * A goods symbol on a white disc: wine a bunch of purple grapes, grain a golden ear of wheat,
 * cloth a blue bolt of cloth. Drawn about (0, 0).
 * @param {Element} g @param {string} kind `wine`, `grain` or `cloth`
 */
export function drawGoods(g, kind) {
  g.setAttribute('class', `goods goods-${kind}`);
  el('circle', { r: 10, class: 'goods-disc' }, g);
  if (kind === 'wine') {
    for (const [x, y] of [[-4, -3], [0, -3], [4, -3], [-2, 1], [2, 1], [0, 5]]) el('circle', { cx: x, cy: y, r: 2.4, class: 'goods-mark' }, g);
    el('path', { d: 'M0-6v-3', class: 'goods-stem' }, g);
  } else if (kind === 'grain') {
    el('path', { d: 'M0 8V-8', class: 'goods-stem' }, g);
    for (const y of [-6, -2, 2]) {
      el('ellipse', { cx: -2.6, cy: y, rx: 2.2, ry: 1.3, transform: `rotate(-35 -2.6 ${y})`, class: 'goods-mark' }, g);
      el('ellipse', { cx: 2.6, cy: y, rx: 2.2, ry: 1.3, transform: `rotate(35 2.6 ${y})`, class: 'goods-mark' }, g);
    }
  } else {
    el('path', { d: 'M-7-4h11a3 4 0 0 1 0 8h-11Z', class: 'goods-mark' }, g);
    el('ellipse', { cx: 4, cy: 0, rx: 3, ry: 4, class: 'goods-roll' }, g);
  }
  return g;
}

/** A standalone small SVG of a tile at a rotation (hand tiles, previews). @param {TileDef} def */
export function tileIcon(def, rot = 0, size = 64) {
  const svg = /** @type {SVGSVGElement} */ (el('svg', { viewBox: '0 0 100 100', width: size, height: size, class: 'tile-icon' }));
  const g = drawTile(def, rot);
  g.setAttribute('transform', `rotate(${90 * rot} 50 50)`);
  svg.appendChild(g);
  return svg;
}
