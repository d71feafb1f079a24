// Events told in plain words for the log, from the one table of sentences the server
// serves (GET /api/sentences; src/record/event_text.c writes the same sentences for the
// terminal game and `carc demo`). A sentence is made from the event's short string only
// (docs/PROTOCOL.md, "Event strings"): the table names the words after the first and
// gives the sentence with them as {placeholders}; {seat} is the seat's display name,
// {card} a card's name (in a reason: the card the reason is named after), {feature} the
// table's feature sentence, {why} the reason's. A hidden card ("?") picks the event's
// "KEY?" entry, a figure word (follower and back of a large meeple, abbot, builder, pig) its
// "KEY:FIGURE" entry, a tile of The River its "KEY:river" entry. Call loadSentences() once before telling an event; an event the
// table does not know is shown as it came. The table is English (the terminal's words); in
// another language each entry is the catalogue's `ev.KEY` (`ev.KEY.you` told to the seat
// itself), `why.REASON`, `feat.NAME` (issue 32), where {feature|dat} or {type|unf} ask the
// feature's words in a case of their own (`seg.CASE.TYPE`: German's dative, "unfinished").
import { cardName } from './cards.js';
import { seatName } from './seats.js';
import { LANG, fill, has, pluralText, raw, t } from './i18n.js';

/** @typedef {import('./types.js').Sentences} Sentences */

/** @type {Sentences} the table, filled by loadSentences() */
const TABLE = { events: {}, features: {}, reasons: {} };

/** Fetches the table once; later calls return at once. */
export async function loadSentences() {
  if (Object.keys(TABLE.events).length) return;
  /** @type {Sentences} */
  const tab = await (await fetch('/api/sentences')).json();
  Object.assign(TABLE, tab);
}

/**
 * An entry of the table in the page's language: the server's English, or the catalogue's
 * `PREFIX.KEY` (plural forms chosen by `n`); undefined when neither has it.
 * @param {'ev'|'why'|'feat'} prefix @param {string} key @param {number} [n]
 * @returns {string|undefined}
 */
function entry(prefix, key, n) {
  if (LANG !== 'en') {
    const e = raw(`${prefix}.${key}`);
    if (e !== undefined) return pluralText(e, n);
  }
  return prefix === 'ev' ? TABLE.events[key]?.text : prefix === 'why' ? TABLE.reasons[key] : TABLE.features[key];
}

/**
 * A feature or segment type in words, in a case: English "a road" (`{feature}`) or the bare
 * "road" (`{type}`); another language's catalogue `seg.CASE.TYPE` ("eine Straße", "einer Straße").
 * @param {string} type @param {string} kase `acc` (the default), `dat`, `unf`...; `bare` for {type}
 */
function segWords(type, kase) {
  if (LANG !== 'en' && has(`seg.${kase}.${type}`)) return t(`seg.${kase}.${type}`);
  return type;
}

/**
 * Fills the {placeholders} of `text` from the event's named words.
 * @param {string} text @param {Record<string, string>} f @param {string[]} names
 * @param {string|null} reason the reason being told (its {card}), or null
 * @returns {string}
 */
function expand(text, f, names, reason) {
  return text.replace(/\{([a-z]+)(?:\|([a-z]+))?\}/g, (whole, /** @type {string} */ name, /** @type {string|undefined} */ kase) => {
    const [type, port] = (f.segment ?? '').split(':');
    switch (name) {
      case 'seat': return f.seat === undefined ? whole : names[Number(f.seat)] ?? seatName(Number(f.seat));
      case 'card': return cardName(reason ?? f.card ?? '?');
      case 'feature': {
        if (LANG !== 'en') return port === undefined ? '?' : segWords(type, kase ?? 'acc');
        const tx = type === 'cloister' ? TABLE.features.cloister : TABLE.features.feature;
        return tx === undefined ? whole : expand(tx, f, names, null);
      }
      case 'type': return port === undefined ? '?' : LANG !== 'en' ? segWords(type, kase ?? 'acc') : type;
      case 'port': return port ?? '?';
      case 'goods': return f.goods === undefined ? whole : has(`goods.${f.goods}`) ? t(`goods.${f.goods}`) : f.goods;
      case 'why': {
        const r = entry('why', f.reason ?? '', Number(f.points));
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
 * (eventWords turns the reason's "their" too). English only: another language's catalogue
 * has the sentence told to "you" as `ev.KEY.you`.
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
  const n = Number(f.points ?? f.count ?? f.height);
  if (LANG !== 'en') {
    const text = (own ? entry('ev', `${key}.you`, n) : undefined) ?? entry('ev', key, n) ?? s.text;
    return expand(text, f, names, null);
  }
  const text = expand(own ? secondPerson(s.text) : s.text, f, names, null);
  // the reason too ("for recalling your abbot"): names and card names hold no "their"
  return own ? text.replace(/\btheir\b/g, 'your') : text;
}

/**
 * The targets of a move (what follows its head) in players' words: "the city", "the cloister",
 * "the empty spot"; two of them (a swap, a change of position) joined by "and". Where they
 * are, the board shows: the page circles each target. No coordinates, ports or ids (issue 21).
 * `kase`: the catalogue's case of the words: `the.TYPE` (acc), `the.dat.TYPE` (German's
 * dative), `the.onto.TYPE` where a figure goes and `the.in.TYPE` where it stands, each with
 * the preposition the feature takes ("in die Stadt", "auf die Straße", "ins Kloster").
 * @param {string} rest @param {'acc'|'dat'|'onto'|'in'} [kase]
 */
export function targetWords(rest, kase = 'acc') {
  /** @type {string[]} */
  const out = [];
  const re = /\((-?\d+),(-?\d+)\)(?: (\w+):(\w+))?|(\w+):(\w+)/g;
  let r;
  const pre = kase === 'acc' ? 'the' : `the.${kase}`;
  while ((r = re.exec(rest))) {
    const type = r[3] ?? r[5];
    if (type === 'seat') continue;  // whose follower: said by the move's own words
    out.push(type ? (has(`${pre}.${type}`) ? t(`${pre}.${type}`) : type) : t(`${pre}.spot`));
  }
  return out.join(` ${t('words.and')} `);
}

/** The figures a move may name ("after your"/"Blue's": `figure.noun.FIGURE`). */
const FIGURE_NOUNS = ['meeple', 'large', 'abbot', 'builder', 'pig', 'mayor', 'wagon', 'barn'];

/**
 * The figure and seat of a move of The Tower or the princess (`capture large (1,0) road:N
 * seat:1`, `ransom seat:1`, `exchange large`): the figure and the seat named, -1 if none.
 * @param {string[]} w the move's words
 */
function figureSeat(w) {
  const fig = FIGURE_NOUNS.includes(w[1]) ? w[1] : 'meeple';
  const seat = /seat:(\d+)/.exec(w.join(' '));
  return { fig, seat: seat ? Number(seat[1]) : -1 };
}

/**
 * The moves of The Princess & the Dragon and The Tower in words, present (`past` false) or
 * past tense; null for any other move. `me`: the seat reading (its own followers are "your own").
 * @param {string[]} w @param {boolean} past @param {number} me
 */
function neutralWords(w, past, me) {
  const { fig, seat } = figureSeat(w);
  const tense = past ? 'past' : 'now';
  const at = targetWords(w.slice(1).join(' '), 'in');
  const whose = seat === me ? t(`whose.own.${fig}`) : t(`whose.${fig}`, { seat: seatName(seat) });
  const from = seat >= 0 ? seatName(seat) : t('words.another_player');
  switch (w[0]) {
    case 'dragon': case 'floor': return t(`move.${w[0]}.${tense}`);
    case 'fairy': return t(`move.fairy.${tense}`, { figure: t(`figure.noun.${fig}`), at });
    case 'princess': case 'capture': return t(`move.${w[0]}.${tense}`, { whose, at });
    case 'ransom': return t(`move.ransom.${tense}`, { figure: t(`figure.noun.${fig}`), seat: from });
    case 'exchange': return t(`move.exchange.${tense}`, { figure: t(`figure.noun.${fig}`) });
    default: return null;
  }
}

/** A placement's first word: a base letter, a garden tile's (`Eg`), or an expansion tile's name (`IC/RFr.i`, `RI.1/CICI`). */
const TILE_WORD = /^([A-X]g?|[A-Z]+(?:\.\d+)?\/\S+)$/;

/**
 * A follower move's figure and target, "large road:N" or "road:N", in words: "a large
 * meeple on the road" (`put.FIGURE`, `put.FIGURE.tower`); null when the move is not one.
 * @param {string[]} w
 */
function followerWords(w) {
  // a place on another tile (a magic portal, a tower's top) names its position first
  const v = w.filter((x) => !/^\(-?\d+,-?\d+\)$/.test(x));
  const fig = v.length === 2 && FIGURE_NOUNS.includes(v[0]) ? v[0] : v.length === 1 ? 'meeple' : undefined;
  const seg = v[v.length - 1];
  if (fig === undefined || !/:/.test(seg)) return null;
  if (seg === 'tower:T') return t(`put.${fig}.tower`);
  // a barn stands on no feature: at a corner of the tile, where four fields meet (AM9)
  if (seg.startsWith('barn:')) return t(`put.${fig}.corner`);
  return t(`put.${fig}`, { at: targetWords(seg, 'onto') });
}

/**
 * A move in players' words, for the confirm line and the list of every move; `me` the seat
 * reading (-1: none). @param {string} move @param {number} [me]
 */
export function moveWords(move, me = -1) {
  return someMove(move, 'now', me);
}

/**
 * What "Waiting: Blue is placing a tile." says of a decision (`wait.DECISION`).
 * @param {string|undefined} dec @param {string} who
 */
export function waitWords(dec, who) {
  return t('game.waiting', { seat: who, what: t(has(`wait.${dec}`) ? `wait.${dec}` : 'wait.other') });
}

/** A move someone made, in the past tense: "placed a tile", "opened Synod on the cloister". @param {string} move */
export function movePast(move) {
  return someMove(move, 'past', -1);
}

/**
 * A move in words in a tense: `now` (a button: "Open Synod on the cloister") or `past` ("opened
 * Synod on the cloister"). @param {string} move @param {'now'|'past'} tense @param {number} me
 */
function someMove(move, tense, me) {
  const w = move.split(' ');
  const n = neutralWords(w, tense === 'past', me);
  // a button's words start with a capital, also where a language puts a name first ("Den
  // Gefolgsmann von Blau in der Stadt gefangen nehmen")
  if (n !== null) return tense === 'now' ? n.charAt(0).toUpperCase() + n.slice(1) : n;
  const rest = w.slice(2).join(' ');
  if (['open', 'play'].includes(w[0])) return t(`move.${w[0]}${rest ? '.on' : ''}.${tense}`, { card: cardName(w[1]), at: targetWords(rest) });
  if (w[0] === 'discard') return t(`move.discard.${tense}`, { card: cardName(w[1]) });
  if (['target', 'recall'].includes(w[0])) return t(`move.${w[0]}.${tense}`, { at: targetWords(w.slice(1).join(' '), w[0] === 'recall' ? 'dat' : 'acc') });
  if (['pass', 'draw', 'block', 'again', 'abbey'].includes(w[0])) return t(tense === 'now' ? `move.${w[0]}` : `move.${w[0]}.past`);
  if (TILE_WORD.test(w[0])) return t(tense === 'now' ? 'move.place' : 'move.place.past');
  const f = followerWords(w);
  if (f !== null) return tense === 'now' ? f.charAt(0).toUpperCase() + f.slice(1) : t('move.put.past', { what: f });
  return move;
}
