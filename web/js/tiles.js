// Tile drawing from the catalogue served at /api/tiles (docs/RECORD.md, "Tile catalogue JSON").
// A tile is a 100 x 100 square drawn as printed (rotation 0): a field, then roads, then cities
// with their walls and pennants, then the cloister; the marks of Inns & Cathedrals and Traders &
// Builders (inns, cathedrals, goods, the inner field) from the segments' flags. Each segment also
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
  if (seg.type === 'city') {
    // a cathedral stands in the middle of its city: the follower beside it
    if (seg.cathedral) return [72, 74];
    const s = cityShape(seg.ports);
    // with an inner field below a band, the band keeps to the upper half of the tile
    if (s.kind === 'band' && innerField(def)) return rotatePoint([50, 30], s.rot);
    return rotatePoint(CITY[s.kind][2], s.rot);
  }
  if (seg.type === 'field' && seg.ports.includes('I')) return innerPoint(def);
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
  const ax = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const ay = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  let best = pts[0];
  for (const p of pts) if ((p[0] - ax) ** 2 + (p[1] - ay) ** 2 < (best[0] - ax) ** 2 + (best[1] - ay) ** 2) best = p;
  if (!def.cloister && seg.ports.length === 8) return [50, 50];
  return best;
}

/** The printed segment holding a board port of a tile placed with rotation `rot`. @param {TileDef} def @param {string} port @param {number} rot */
export function segmentAt(def, port, rot) {
  const p = unrotatePort(port, rot);
  return def.segments.find((s) => s.ports.includes(p));
}

/** Board anchor (in tile units, tile at the origin) of the segment at a board port. @param {TileDef} def @param {string} port @param {number} rot @returns {Point} */
export function boardAnchor(def, port, rot) {
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
  const roads = def.segments.filter((s) => s.type === 'road');
  for (const r of roads) {
    const d = r.ports.length === 1
      ? `M${MID[r.ports[0]].join(' ')}L50 50`
      : `M${MID[r.ports[0]].join(' ')}Q50 50 ${MID[r.ports[1]].join(' ')}`;
    el('path', { d, class: 'road-edge' }, g);
    el('path', { d, class: 'road' }, g);
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
  if (ends === 2 && !def.cloister && !def.segments.some((c) => c.type === 'city' && ['band', 'three', 'full'].includes(cityShape(c.ports).kind))) {
    el('rect', { x: 41, y: 41, width: 18, height: 18, rx: 3, class: 'junction' }, g);
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
  }
  for (const seg of def.segments) {
    const [ax, ay] = segmentAnchor(def, seg);
    if (seg.inn) drawInn(g, seg, ax, ay, rot);
    if (seg.cathedral) drawCathedral(el('g', { transform: upright(50, 50) }, g));
    if (seg.goods) drawGoods(el('g', { transform: `translate(${ax} ${ay}) ${upright(0, 0)} translate(${seg.cathedral ? 0 : -15} 15)` }, g), seg.goods);
  }
  el('rect', { x: 0, y: 0, width: 100, height: 100, class: 'tile-border' }, g);
  return g;
}

/**
 * An inn beside its road: a small house with a red roof by a blue pond, upright, on the side of
 * the road away from the tile's middle.
 * @param {Element} g @param {Segment} seg @param {number} ax @param {number} ay @param {number} rot
 */
function drawInn(g, seg, ax, ay, rot) {
  // across the road from its anchor: beside a straight or bent road, off its line
  const [dx, dy] = seg.ports.length === 1 && (seg.ports[0] === 'N' || seg.ports[0] === 'S') ? [17, 0] : [0, -17];
  const x = ax + dx, y = ay + dy;
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
