// Events told in plain words for the log, from the one table of sentences the server
// serves (GET /api/sentences; src/record/event_text.c writes the same sentences for the
// terminal game and `carc demo`). A sentence is made from the event's short string only
// (docs/PROTOCOL.md, "Event strings"): the table names the words after the first and
// gives the sentence with them as {placeholders}; {seat} is the seat's display name,
// {card} a card's name (in a reason: the card the reason is named after), {feature} the
// table's feature sentence, {why} the reason's. Call loadSentences() once before telling
// an event; an event the table does not know is shown as it came.
import { cardName } from './cards.js';

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

/** One event in words; `names` are the seats' display names. @param {string} ev @param {string[]} names */
export function eventWords(ev, names) {
  const w = ev.split(' ');
  let s = TABLE.events[w[0]];
  if (s === undefined) return ev;
  /** @type {Record<string, string>} */
  const f = {};
  s.words.forEach((name, i) => { if (w[i + 1] !== undefined) f[name] = w[i + 1]; });
  if (f.card === '?' && TABLE.events[`${w[0]}?`] !== undefined) s = TABLE.events[`${w[0]}?`];
  return expand(s.text, f, names, null);
}

/** A move in words, for the confirm line (`names` as above, `seat` who makes it). @param {string} move */
export function moveWords(move) {
  const w = move.split(' ');
  if (w[0] === 'open') return `Open ${cardName(w[1])}${w.length > 2 ? ' on ' + w.slice(2).join(' ') : ''}`;
  if (w[0] === 'play') return `Play ${cardName(w[1])}${w.length > 2 ? ' on ' + w.slice(2).join(' ') : ''}`;
  if (w[0] === 'discard') return `Discard ${cardName(w[1])}`;
  if (w[0] === 'target') return `Target ${w.slice(1).join(' ')}`;
  if (/^[A-X]$/.test(w[0])) return `Place ${w[0]} at ${w[1]} turned ${w[2]}`;
  if (/:/.test(w[0]) && w.length === 1) return `Follower on ${w[0].replace(':', ' ')}`;
  return move;
}
