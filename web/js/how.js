// The "how these expansions work" page (/how.html): its paragraphs are static (the guide of
// src/record/card_text.c, word for word); this lists every card by deck from GET /api/cards,
// the table `carc cards` and the terminal game print too.
import { CARDS, loadCards } from './cards.js';

/** The deck headings, in the order the page lists them. @type {[string, string][]} */
const DECKS = [['gift', 'The gifts'], ['cloister', 'The Cloister deck'], ['roadside', 'The Roadside deck']];

async function main() {
  await loadCards();
  const box = document.getElementById('card-list');
  if (!box) return;
  box.replaceChildren();
  for (const [deck, title] of DECKS) {
    const h = document.createElement('h3');
    h.textContent = title;
    const dl = document.createElement('dl');
    dl.className = 'card-defs';
    for (const c of Object.values(CARDS).filter((x) => x.deck === deck)) {
      const dt = document.createElement('dt'), dd = document.createElement('dd');
      dt.textContent = c.name;
      dd.textContent = `${c.when}. ${c.text}`;
      dl.append(dt, dd);
    }
    box.append(h, dl);
  }
}

main().catch((e) => { const b = document.getElementById('card-list'); if (b) b.textContent = `The cards could not be loaded: ${e}`; });
