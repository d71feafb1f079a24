// Events told in plain words for the log, from the one table of sentences the server
// serves (GET /api/sentences; src/record/event_text.c writes the same sentences for the
// terminal game and `carc demo`). A sentence is made from the event's short string only
// (docs/PROTOCOL.md, "Event strings"): the table names the words after the first and
// gives the sentence with them as {placeholders}; {seat} is the seat's display name,
// {card} a card's name (in a reason: the card the reason is named after), {feature} the
// table's feature sentence, {why} the reason's. A hidden card ("?") picks the event's
// "KEY?" entry, a figure word (follower and back of a large meeple, abbot, builder, pig) its
// "KEY:FIGURE" entry, a tile of The River its "KEY:river" entry. Call loadSentences() once before telling an event; an event the
// table does not know is shown as it came.
import { cardName } from './cards.js';
import { SEAT_NAMES } from './seats.js';

/** @typedef {import('./types.js').Sentences} Sentences */

/** @type {Sentences} the table, filled by loadSentences() */
const TABLE = { events: {}, features: {}, reasons: {} };

/** Fetches the table once; later calls return at once. */
export async function loadSentences() {
  if (Object.keys(TABLE.events).length) return;
  /** @type {Sentences} */
  const t = await (await fetch('/api/sentences')).json();
  Object.assign(TABLE, t);
}

/**
 * Fills the {placeholders} of `text` from the event's named words.
 * @param {string} text @param {Record<string, string>} f @param {string[]} names
 * @param {string|null} reason the reason being told (its {card}), or null
 * @returns {string}
 */
function expand(text, f, names, reason) {
  return text.replace(/\{([a-z]+)\}/g, (whole, /** @type {string} */ name) => {
    const [type, port] = (f.segment ?? '').split(':');
    switch (name) {
      case 'seat': return f.seat === undefined ? whole : names[Number(f.seat)] ?? `Seat ${f.seat}`;
      case 'card': return cardName(reason ?? f.card ?? '?');
      case 'feature': {
        const t = type === 'cloister' ? TABLE.features.cloister : TABLE.features.feature;
        return t === undefined ? whole : expand(t, f, names, null);
      }
      case 'type': return port === undefined ? '?' : type;
      case 'port': return port ?? '?';
      case 'why': {
        const r = TABLE.reasons[f.reason ?? ''];
        return r === undefined ? `(${f.reason ?? '?'})` : expand(r, f, names, f.reason ?? null);
      }
      default: return f[name] ?? whole;
    }
  });
}

/**
 * A sentence of the table about seat `{seat}` told to that seat itself (issue 32: own moves
 * were told in the third person on one's own page): "{seat} places a tile." becomes "You
 * place a tile.", "{seat}'s follower..." "Your follower...", "their builder" "your builder"
 * (eventWords turns the reason's "their" too).
 * @param {string} text
 */
export function secondPerson(text) {
  return text
    .replace(/^\{seat\}'s /, 'Your ')
    .replace(/^\{seat\} is /, 'You are ')
    .replace(/^\{seat\} may /, 'You may ')
    .replace(/^\{seat\} (\w+?)s\b/, 'You $1')
    .replace(/\btheir\b/g, 'your');
}

/**
 * One event in words; `names` are the seats' display names; `me` the seat of the page, whose
 * own events are told to it as "you" (-1: a spectator, or the third person throughout).
 * @param {string} ev @param {string[]} names @param {number} [me]
 */
export function eventWords(ev, names, me = -1) {
  const w = ev.split(' ');
  let key = w[0];
  let s = TABLE.events[key];
  if (s === undefined) return ev;
  /** @type {Record<string, string>} */
  const f = {};
  s.words.forEach((name, i) => { if (w[i + 1] !== undefined) f[name] = w[i + 1]; });
  /** Takes the entry `KEY + more` when the table has one. @param {string} more */
  const variant = (more) => {
    const v = TABLE.events[`${key}${more}`];
    if (v !== undefined) { key = `${key}${more}`; s = v; }
  };
  if (f.card === '?') variant('?');
  if (f.figure !== undefined) variant(`:${f.figure}`);
  // a tile of The River (RI/s, RI.1/...): the entry that says so ("remove:river")
  if (f.tile !== undefined && f.tile.startsWith('RI')) variant(':river');
  const own = me >= 0 && f.seat !== undefined && Number(f.seat) === me && s.text.startsWith('{seat}');
  const text = expand(own ? secondPerson(s.text) : s.text, f, names, null);
  // the reason too ("for recalling your abbot"): names and card names hold no "their"
  return own ? text.replace(/\btheir\b/g, 'your') : text;
}

/**
 * The targets of a move (what follows its head) in players' words: "the city", "the cloister",
 * "the empty spot"; two of them (a swap, a change of position) joined by "and". Where they
 * are, the board shows: the page circles each target. No coordinates, ports or ids (issue 21).
 * @param {string} rest
 */
export function targetWords(rest) {
  /** @type {string[]} */
  const out = [];
  const re = /\((-?\d+),(-?\d+)\)(?: (\w+):(\w+))?|(\w+):(\w+)/g;
  let r;
  while ((r = re.exec(rest))) {
    const type = r[3] ?? r[5];
    if (type === 'seat') continue;  // whose follower: said by the move's own words
    out.push(type ? `the ${type}` : 'the empty spot');
  }
  return out.join(' and ');
}

/** What a figure is called after "your" or "Blue's". @type {Record<string, string>} */
const FIGURE_NOUNS = { meeple: 'follower', large: 'large meeple', abbot: 'abbot', builder: 'builder', pig: 'pig', mayor: 'mayor', wagon: 'wagon' };

/**
 * The figure and seat of a move of The Tower or the princess (`capture large (1,0) road:N
 * seat:1`, `ransom seat:1`, `exchange large`): the figure's noun and the seat named, -1 if none.
 * @param {string[]} w the move's words
 */
function figureSeat(w) {
  const fig = FIGURE_NOUNS[w[1]] !== undefined ? w[1] : 'meeple';
  const seat = /seat:(\d+)/.exec(w.join(' '));
  return { noun: FIGURE_NOUNS[fig], seat: seat ? Number(seat[1]) : -1 };
}

/** "Blue's", or "your own" for `me`. @param {number} seat @param {number} me */
function whose(seat, me) {
  return seat === me ? 'your own' : `${SEAT_NAMES[seat] ?? `Seat ${seat}`}'s`;
}

/**
 * The moves of The Princess & the Dragon and The Tower in words, present (`past` false) or
 * past tense; null for any other move. `me`: the seat reading (its own followers are "your own").
 * @param {string[]} w @param {boolean} past @param {number} me
 */
function neutralWords(w, past, me) {
  const { noun, seat } = figureSeat(w);
  const at = targetWords(w.slice(1).join(' '));
  switch (w[0]) {
    case 'dragon': return past ? 'moved the dragon one tile' : 'Move the dragon onto this tile';
    case 'fairy': return `${past ? 'put' : 'Put'} the fairy next to ${past ? 'their' : 'your'} ${noun} on ${at}`;
    case 'princess': return `${past ? 'sent' : 'Send'} ${whose(seat, me)} ${noun} on ${at} home (the princess)`;
    case 'floor': return `${past ? 'built' : 'Build'} a floor on the tower`;
    case 'capture': return `${past ? 'captured' : 'Capture'} ${whose(seat, me)} ${noun} on ${at}`;
    case 'ransom': return past ? `bought back a ${noun} from ${SEAT_NAMES[seat] ?? 'another player'} for 3 points` : `Buy back your ${noun} from ${SEAT_NAMES[seat] ?? 'another player'}: 3 points`;
    case 'exchange': return `${past ? 'took' : 'Take'} back ${past ? 'their' : 'your'} ${noun} in the exchange`;
    default: return null;
  }
}

/** A placement's first word: a base letter, a garden tile's (`Eg`), or an expansion tile's name (`IC/RFr.i`, `RI.1/CICI`). */
const TILE_WORD = /^([A-X]g?|[A-Z]+(?:\.\d+)?\/\S+)$/;

/** What a figure word of a follower move is called: "a large meeple". @type {Record<string, string>} */
const FIGURE_WORDS = { meeple: 'a follower', large: 'a large meeple', abbot: 'the abbot', builder: 'the builder', pig: 'the pig', mayor: 'the mayor', wagon: 'the wagon', barn: 'the barn' };

/**
 * A follower move's figure and target, "large road:N" or "road:N", in words: "a large
 * meeple on the road"; null when the move is not one.
 * @param {string[]} w
 */
function followerWords(w) {
  // a place on another tile (a magic portal, a tower's top) names its position first
  const v = w.filter((x) => !/^\(-?\d+,-?\d+\)$/.test(x));
  const fig = v.length === 2 ? FIGURE_WORDS[v[0]] : v.length === 1 ? FIGURE_WORDS.meeple : undefined;
  const seg = v[v.length - 1];
  if (fig === undefined || !/:/.test(seg)) return null;
  if (seg === 'tower:T') return `${fig} on top of the tower`;
  // a barn stands on no feature: at a corner of the tile, where four fields meet (AM9)
  if (seg.startsWith('barn:')) return `${fig} at the corner where four fields meet`;
  return `${fig} ${v[0] === 'pig' ? 'in' : 'on'} ${targetWords(seg)}`;
}

/**
 * A move in players' words, for the confirm line and the list of every move; `me` the seat
 * reading (-1: none). @param {string} move @param {number} [me]
 */
export function moveWords(move, me = -1) {
  const w = move.split(' ');
  const n = neutralWords(w, false, me);
  if (n !== null) return n;
  const rest = w.slice(2).join(' ');
  const on = (/** @type {string} */ r) => (r ? ` on ${targetWords(r)}` : '');
  if (w[0] === 'open') return `Open ${cardName(w[1])}${on(rest)}`;
  if (w[0] === 'play') return `Play ${cardName(w[1])}${on(rest)}`;
  if (w[0] === 'discard') return `Discard ${cardName(w[1])}`;
  if (w[0] === 'target') return `Aim it at ${targetWords(w.slice(1).join(' '))}`;
  if (w[0] === 'pass') return 'Pass';
  if (w[0] === 'draw') return 'Draw a card';
  if (w[0] === 'block') return 'Block with Shield';
  if (w[0] === 'again') return 'Take the second turn';
  if (w[0] === 'recall') return `Take your abbot back from ${targetWords(w.slice(1).join(' '))}`;
  if (w[0] === 'abbey') return 'Place your abbey instead of drawing a tile';
  if (TILE_WORD.test(w[0])) return 'Place the tile here';
  const f = followerWords(w);
  if (f !== null) return f.charAt(0).toUpperCase() + f.slice(1);
  return move;
}

/** What a decision is, for "Waiting for Blue: …". @type {Record<string, string>} */
export const DECISION_WORDS = {
  window_before: 'may open a gift or play a card before placing',
  place: 'is placing a tile',
  card_draw: 'may draw a Christmas card',
  card_target: 'is choosing the target of a card',
  block: 'may block an attack with Shield',
  follower: 'may put a follower on the tile just placed',
  modifier: 'may play a scoring modifier',
  window_after: 'may play a card after scoring',
  discard: 'is discarding down to the hand limit',
  end_choice: 'is choosing a field for a tie-break token',
  double_turn: 'may take the second turn their builder earned',
  dragon: 'is moving the dragon one tile',
  capture: 'may take a follower prisoner from their tower',
  exchange: 'is choosing which prisoner comes back in the exchange',
  abbey: 'may place their abbey instead of drawing a tile',
  wagon: 'may move their wagon on after its scoring',
};

/** A move someone made, in the past tense: "placed a tile", "opened Synod on the cloister". @param {string} move */
export function movePast(move) {
  const w = move.split(' ');
  const n = neutralWords(w, true, -1);
  if (n !== null) return n;
  const rest = w.slice(2).join(' ');
  const on = (/** @type {string} */ r) => (r ? ` on ${targetWords(r)}` : '');
  if (w[0] === 'open') return `opened ${cardName(w[1])}${on(rest)}`;
  if (w[0] === 'play') return `played ${cardName(w[1])}${on(rest)}`;
  if (w[0] === 'discard') return `discarded ${cardName(w[1])}`;
  if (w[0] === 'target') return `aimed the card at ${targetWords(w.slice(1).join(' '))}`;
  if (w[0] === 'pass') return 'passed';
  if (w[0] === 'draw') return 'drew a card';
  if (w[0] === 'block') return 'blocked with Shield';
  if (w[0] === 'again') return 'took the second turn';
  if (w[0] === 'recall') return `took their abbot back from ${targetWords(w.slice(1).join(' '))}`;
  if (w[0] === 'abbey') return 'chose to place their abbey instead of drawing';
  if (TILE_WORD.test(w[0])) return 'placed a tile';
  const f = followerWords(w);
  if (f !== null) return `put ${f}`;
  return move;
}
