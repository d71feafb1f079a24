// The gift and Christmas cards as the server describes them (GET /api/cards, the table that
// `carc cards` and the terminal game print too), so that every front end names and explains
// a card the same way. Call loadCards() once before drawing anything that names a card. The
// server's words are English; another language's catalogue has each card's `card.ID.name` and
// `card.ID.text` (issue 32), and `when.TIMING` says when a card can be played in every language.

import { has, raw, t } from './i18n.js';

/** @typedef {import('./types.js').CardDef} CardDef */
/** A card of the catalogue with `when` it can be played, in words. @typedef {CardDef & {when: string}} CardInfo */

/** @type {Record<string, CardInfo>} the catalogue by card id, filled by loadCards() */
export const CARDS = {};

/** Fetches the catalogue once; later calls return at once. */
export async function loadCards() {
  if (Object.keys(CARDS).length) return;
  /** @type {CardDef[]} */
  const list = await (await fetch('/api/cards')).json();
  for (const c of list) {
    const name = raw(`card.${c.id}.name`), text = raw(`card.${c.id}.text`);
    CARDS[c.id] = {
      ...c,
      name: typeof name === 'string' ? name : c.name,
      text: typeof text === 'string' ? text : c.text,
      when: has(`when.${c.timing}`) ? t(`when.${c.timing}`) : c.timing,
    };
  }
}

/** The card's display name, or the id itself for an unknown one. @param {string} id */
export function cardName(id) {
  return CARDS[id]?.name ?? id;
}
