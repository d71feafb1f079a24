// The gift and Christmas cards as the server describes them (GET /api/cards, the table that
// `carc cards` and the terminal game print too), so that every front end names and explains
// a card the same way. Call loadCards() once before drawing anything that names a card.

/** @typedef {import('./types.js').CardDef} CardDef */
/** A card of the catalogue with `when` it can be played, in words. @typedef {CardDef & {when: string}} CardInfo */

/** When a card can be played, by the catalogue's `timing`. @type {Record<string, string>} */
const WHEN = {
  gift: 'Gift: open in your turn before placing your tile',
  lightning: 'Lightning: takes effect as soon as it is drawn',
  anytime: 'Keep: play it when its text says',
  end: 'Keep until the end of the game',
};

/** @type {Record<string, CardInfo>} the catalogue by card id, filled by loadCards() */
export const CARDS = {};

/** Fetches the catalogue once; later calls return at once. */
export async function loadCards() {
  if (Object.keys(CARDS).length) return;
  /** @type {CardDef[]} */
  const list = await (await fetch('/api/cards')).json();
  for (const c of list) CARDS[c.id] = { ...c, when: WHEN[c.timing] ?? c.timing };
}

/** The card's display name, or the id itself for an unknown one. @param {string} id */
export function cardName(id) {
  return CARDS[id]?.name ?? id;
}
