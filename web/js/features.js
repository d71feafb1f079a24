// Features of the view (the state JSON's `features`): finding the one under a segment and
// telling it in words (extent, who holds it, what it is worth now), and the number a card
// would give on a target, shown before the player confirms.
import { SEAT_NAMES } from './seats.js';

/** @typedef {import('./types.js').Feature} Feature */
/** @typedef {import('./types.js').SegmentRef} SegmentRef */
/** Whether two board ports of the tile at (x, y) name one segment. @typedef {(x: number, y: number, a: string, b: string) => boolean} SameSegment */

/** A feature's segments as {x, y, port}: the state JSON writes each as [x, y, PORT]. @param {Feature} f @returns {SegmentRef[]} */
export function segs(f) {
  return f.segments.map((s) => ({ x: s[0], y: s[1], port: s[2] }));
}

/**
 * The feature holding the segment at board port `port` of the tile (x, y), or undefined (the
 * state lists only features someone holds, or with a token or a lock). `same(x, y, a, b)` tells
 * whether two ports of that tile are one segment (the board knows the tile and its rotation).
 * @param {{features: Feature[]}} view @param {number} x @param {number} y @param {string} port @param {SameSegment} same
 * @returns {Feature|undefined}
 */
export function featureAt(view, x, y, port, same) {
  return (view.features ?? []).find((f) => segs(f).some((s) => s.x === x && s.y === y && (s.port === port || same(x, y, s.port, port))));
}

/** Seats with the most followers on a feature (tokens settle ties among them). @param {Feature} f @returns {number[]} */
export function holders(f) {
  const max = Math.max(0, ...f.followers);
  if (!max) return [];
  const tied = f.followers.map((n, s) => (n === max ? s : -1)).filter((s) => s >= 0);
  const withToken = tied.filter((s) => f.tokens.includes(s));
  return withToken.length ? withToken : tied;
}

/** A feature in words: its extent, state, value, followers, holders and tokens. @param {Feature} f */
export function featureWords(f) {
  const kind = f.type[0].toUpperCase() + f.type.slice(1);
  // a cloister's extent is itself; its value counts it and the tiles around it (up to 9);
  // so is a garden's (The Abbot)
  const size = f.type === 'cloister' || f.type === 'garden' ? `${f.value} of 9 tiles around and on it` : `${f.tiles} tile${f.tiles === 1 ? '' : 's'}`;
  const parts = [`${kind}: ${size}${f.pennants ? `, ${f.pennants} pennant${f.pennants > 1 ? 's' : ''}` : ''}`];
  parts.push(f.type === 'field' ? 'never completed' : f.completed ? 'completed' : 'unfinished');
  if (f.locked) parts.push('locked');
  const h = holders(f);
  const who = f.followers.map((n, s) => (n ? `${SEAT_NAMES[s]} ${n}` : '')).filter(Boolean).join(', ');
  let text = parts.join(', ') + `. Worth ${f.value} now.`;
  // an inn or a cathedral: worth more completed, nothing if still unfinished at the end
  const bonus = f.inn ? 'an inn' : f.cathedral ? 'a cathedral' : '';
  if (bonus && !f.completed) {
    const done = f.inn ? 2 * f.tiles : 3 * f.tiles + 3 * f.pennants;
    const rate = f.inn ? '2 a tile' : `3 a tile${f.pennants ? ' and 3 a pennant' : ''}`;
    text = parts.join(', ') + `, with ${bonus}. Worth ${done} if completed now (${rate}); worth 0 if still unfinished at the end.`;
  } else if (bonus) text = parts.join(', ') + `, with ${bonus} (${f.inn ? '2 a tile' : '3 a tile and 3 a pennant'}). Worth ${f.value} now.`;
  const g = f.goods;
  if (g && (g.wine || g.grain || g.cloth)) {
    const list = /** @type {const} */ (['wine', 'grain', 'cloth']).filter((k) => g[k]).map((k) => `${g[k]} ${k}`).join(', ');
    text += ` Goods: ${list}, for whoever completes it.`;
  }
  text += who ? ` Followers: ${who}; held by ${h.map((s) => SEAT_NAMES[s]).join(' and ')}.` : ' Nobody holds it.';
  if (f.tokens.length) text += ` Tokens: ${f.tokens.map((s) => SEAT_NAMES[s]).join(', ')}.`;
  if (f.builders?.length) text += ` Builder: ${f.builders.map((s) => SEAT_NAMES[s]).join(', ')}.`;
  if (f.pigs?.length) text += ` Pig: ${f.pigs.map((s) => SEAT_NAMES[s]).join(', ')}.`;
  return text;
}

/**
 * The points a card gives on a feature, for the cards whose effect is a number (Cash Out,
 * Road Sweeper, the three harvest cards): a label, or '' for the others. `count`: the
 * followers on the feature (builders and pigs left out), when known.
 * @param {string|undefined} card @param {Feature|undefined} f @param {number} [count]
 */
export function cardNumber(card, f, count) {
  if (!f) return '';
  // followers, each once whatever its strength (a large meeple is one): from the board when given
  const n = count ?? f.followers.reduce((a, b) => a + b, 0);
  switch (card) {
    case 'cash_out': return `${2 * n} points for you`;
    case 'road_sweeper': return f.value && holders(f).length ? `${f.value} points for ${holders(f).map((s) => SEAT_NAMES[s]).join(' and ')}` : 'nobody scores';
    case 'score_road_double': return `${2 * f.tiles} points for you`;
    case 'score_city_bonus': return `${2 * f.tiles + f.pennants} points for you`;
    case 'score_cloister_bonus': return `${2 * f.value - 1} points for you`;
    default: return '';
  }
}

/**
 * The hover text of a segment: its feature in words, or that nobody holds it (with what an inn,
 * a cathedral or goods on the tile under the pointer mean).
 * @param {Feature|null|undefined} f @param {string} type @param {import('./types.js').TileSegment} [seg] the printed segment
 */
export function hoverWords(f, type, seg) {
  if (f) return featureWords(f);
  // the water of The River (the board's segmentUnder): no segment, no feature
  if (type === 'river') return 'The river: no feature. Nobody stands on it and it never scores; it separates the fields on either side.';
  let text = `${type[0].toUpperCase()}${type.slice(1)}`;
  if (seg?.inn) text += ' with an inn: 2 a tile if completed, 0 if still unfinished at the end';
  else if (seg?.cathedral) text += ' with a cathedral: 3 a tile and 3 a pennant if completed, 0 if still unfinished at the end';
  if (seg?.goods) text += `${seg.inn || seg.cathedral ? ';' : ''} with ${seg.goods} for whoever completes it`;
  if (type === 'garden') return 'Garden: only an abbot stands here. 9 points once the 8 places around it hold tiles, else 1 and 1 for each tile around it. Nobody holds it.';
  return `${text}${seg?.inn || seg?.cathedral || seg?.goods ? '.' : ':'} Nobody holds it.`.replace(': Nobody', ': nobody');
}

/**
 * The followers on a feature, each once (a large meeple is one; builders and pigs are not
 * followers). @param {{followers: import('./types.js').FollowerOnBoard[]}} view @param {Feature} f @param {SameSegment} same
 */
export function followerCount(view, f, same) {
  const ss = segs(f);
  return view.followers.filter((x) => x.figure !== 'builder' && x.figure !== 'pig'
    && ss.some((s) => s.x === x.x && s.y === x.y && (s.port === x.port || same(x.x, x.y, s.port, x.port)))).length;
}
