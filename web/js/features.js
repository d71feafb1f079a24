// Features of the view (the state JSON's `features`): finding the one under a segment and
// telling it in words (extent, who holds it, what it is worth now), and the number a card
// would give on a target, shown before the player confirms.
import { seatName } from './seats.js';
import { list, t } from './i18n.js';

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

/**
 * A feature in words: its extent, state, value, followers, holders and tokens. `mayors`: the
 * seats with a mayor on it (Abbey & Mayor), whose strength is the city's pennants (AM6: the
 * state's `followers` count it so already; the words say why a seat's number is what it is).
 * @param {Feature} f @param {number[]} [mayors]
 */
export function featureWords(f, mayors = []) {
  const kind = t(`kind.${f.type}`);
  // a cloister's extent is itself; its value counts it and the tiles around it (up to 9);
  // so is a garden's (The Abbot)
  const size = f.type === 'cloister' || f.type === 'garden' ? t('feature.around', { n: f.value }) : t('feature.tiles', { n: f.tiles });
  const parts = [`${kind}: ${size}${f.pennants ? `, ${t('feature.pennants', { n: f.pennants })}` : ''}`];
  parts.push(t(f.type === 'field' ? 'feature.never_completed' : f.completed ? 'feature.completed' : 'feature.unfinished'));
  if (f.locked) parts.push(t('feature.locked'));
  const h = holders(f);
  // a mayor of strength 0 (a city without pennants) is named too: it stands there, holding nothing
  const who = f.followers.map((n, s) => (mayors.includes(s) ? t('feature.mayor', { seat: seatName(s), n, p: f.pennants })
    : n ? `${seatName(s)} ${n}` : '')).filter(Boolean).join(', ');
  let text = `${parts.join(', ')}. ${t('feature.worth', { n: f.value })}`;
  // an inn or a cathedral: worth more completed, nothing if still unfinished at the end
  const bonus = f.inn ? t('feature.with_inn') : f.cathedral ? t('feature.with_cathedral') : '';
  if (bonus && !f.completed) {
    const done = f.inn ? 2 * f.tiles : 3 * f.tiles + 3 * f.pennants;
    const rate = t(f.inn ? 'feature.rate.inn' : f.pennants ? 'feature.rate.cathedral_pennants' : 'feature.rate.cathedral');
    text = `${parts.join(', ')}, ${bonus}. ${t('feature.if_completed', { n: done, rate })}`;
  } else if (bonus) text = `${parts.join(', ')}, ${bonus} (${t(f.inn ? 'feature.rate.inn' : 'feature.rate.cathedral_pennants')}). ${t('feature.worth', { n: f.value })}`;
  const g = f.goods;
  if (g && (g.wine || g.grain || g.cloth)) {
    const goods = /** @type {const} */ (['wine', 'grain', 'cloth']).filter((k) => g[k]).map((k) => `${g[k]} ${t(`goods.${k}`)}`).join(', ');
    text += ` ${t('feature.goods', { list: goods })}`;
  }
  text += ` ${!who ? t('feature.nobody') : h.length ? t('feature.followers', { list: who, holders: list(h.map(seatName)) }) : t('feature.followers.none', { list: who })}`;
  if (f.tokens.length) text += ` ${t('feature.tokens', { list: f.tokens.map(seatName).join(', ') })}`;
  if (f.builders?.length) text += ` ${t('feature.builder', { list: f.builders.map(seatName).join(', ') })}`;
  if (f.pigs?.length) text += ` ${t('feature.pig', { list: f.pigs.map(seatName).join(', ') })}`;
  // a barn field (AM10, AM11): what each barn scores at the end, 4 a completed city where
  // the farmers' value is 3 a city (the state's `value` of a field)
  if (f.barns?.length) text += ` ${t('feature.barn', { list: list(f.barns.map(seatName)), n: (f.value / 3) * 4 })}`;
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
    case 'cash_out': return t('cardnum.you', { n: 2 * n });
    case 'road_sweeper': return f.value && holders(f).length ? t('cardnum.for', { n: f.value, list: list(holders(f).map(seatName)) }) : t('cardnum.nobody');
    case 'score_road_double': return t('cardnum.you', { n: 2 * f.tiles });
    case 'score_city_bonus': return t('cardnum.you', { n: 2 * f.tiles + f.pennants });
    case 'score_cloister_bonus': return t('cardnum.you', { n: 2 * f.value - 1 });
    default: return '';
  }
}

/**
 * The hover text of a segment: its feature in words, or that nobody holds it (with what an inn,
 * a cathedral or goods on the tile under the pointer mean).
 * @param {Feature|null|undefined} f @param {string} type @param {import('./types.js').TileSegment} [seg] the printed segment
 * @param {number[]} [mayors] the seats with a mayor on it (mayorsOn)
 */
export function hoverWords(f, type, seg, mayors = []) {
  if (f) return featureWords(f, mayors);
  // the water of The River (the board's segmentUnder): no segment, no feature
  if (type === 'river') return t('hover.river');
  if (type === 'garden') return t('hover.garden');
  let text = t(`kind.${type}`);
  if (seg?.inn) text += ` ${t('hover.inn')}`;
  else if (seg?.cathedral) text += ` ${t('hover.cathedral')}`;
  if (seg?.goods) text += `${seg.inn || seg.cathedral ? ';' : ''} ${t('hover.goods', { goods: t(`goods.${seg.goods}`) })}`;
  return seg?.inn || seg?.cathedral || seg?.goods ? `${text}. ${t('feature.nobody')}` : `${text}: ${t('hover.nobody')}`;
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

/**
 * The seats with a mayor on a feature (Abbey & Mayor). @param {{followers: import('./types.js').FollowerOnBoard[]}} view @param {Feature|null|undefined} f @param {SameSegment} same
 * @returns {number[]}
 */
export function mayorsOn(view, f, same) {
  if (!f || f.type !== 'city') return [];
  const ss = segs(f);
  return view.followers.filter((x) => x.figure === 'mayor'
    && ss.some((s) => s.x === x.x && s.y === x.y && (s.port === x.port || same(x.x, x.y, s.port, x.port)))).map((x) => x.seat);
}
