// The "how these expansions work" page (/how.html): its paragraphs are static (the guide of
// src/record/card_text.c, word for word); this lists every card by deck from GET /api/cards,
// the table `carc cards` and the terminal game print too.
import { CARDS, loadCards } from './cards.js';
import { drawCathedral, drawCrown, drawDragonSymbol, drawFoundation, drawGarden, drawGoods, drawPortal, drawVolcano, el, tileIcon } from './tiles.js';
import { drawDragon, drawFairy, drawTower, figureIcon } from './board.js';

/** The marks and figures of The Princess & the Dragon and The Tower, each drawn about (0, 0), and its scale here. @type {Record<string, [(g: Element) => unknown, number]>} */
const NEUTRAL = {
  volcano: [drawVolcano, 1.2], 'dragon-symbol': [drawDragonSymbol, 1.4], portal: [drawPortal, 1.5], princess: [drawCrown, 1.5],
  dragon: [drawDragon, 0.95], fairy: [drawFairy, 1.4], foundation: [drawFoundation, 1.4], tower: [(g) => drawTower(el('g', { transform: 'translate(0 14)' }, g), 3), 0.8],
};

/** The pictures of the symbols section, drawn as the board draws them. */
function drawSymbols() {
  for (const span of document.querySelectorAll('[data-draw]')) {
    const what = span.getAttribute('data-draw') ?? '';
    if (['meeple', 'large', 'abbot', 'builder', 'pig', 'mayor', 'wagon', 'barn'].includes(what)) { span.appendChild(figureIcon(0, what, 36)); continue; }
    if (what === 'abbey') continue;  // a tile of the catalogue: drawAbbey
    const svg = el('svg', { viewBox: '0 0 40 40', width: 36, height: 36, class: 'tile-icon', 'aria-hidden': 'true' });
    el('rect', { x: 0, y: 0, width: 40, height: 40, class: what === 'cathedral' || ['wine', 'grain', 'cloth'].includes(what) ? 'city' : 'field' }, svg);
    const n = NEUTRAL[what];
    if (n) {
      n[0](el('g', { transform: `translate(20 ${what === 'tower' ? 22 : 20}) scale(${n[1]})` }, svg));
    } else if (what === 'inn') {
      el('path', { d: 'M0 28H40', class: 'road-edge' }, svg);
      el('path', { d: 'M0 28H40', class: 'road' }, svg);
      const g = el('g', { class: 'inn', transform: 'translate(20 14)' }, svg);
      el('ellipse', { cx: -6, cy: 7, rx: 9, ry: 4, class: 'inn-pond' }, g);
      el('rect', { x: -2, y: -5, width: 12, height: 9, class: 'inn-wall' }, g);
      el('path', { d: 'M-4 -4L4 -11L12 -4Z', class: 'inn-roof' }, g);
    } else if (what === 'cathedral') {
      drawCathedral(el('g', { transform: 'translate(20 21) scale(0.55) translate(-50 -36)' }, svg));
    } else if (what === 'river') {
      el('path', { d: 'M0 20H40', class: 'river-bank', 'stroke-width': 14 }, svg);
      el('path', { d: 'M0 20H40', class: 'river', 'stroke-width': 9 }, svg);
      el('path', { d: 'M3 20H37', class: 'ripple' }, svg);
    } else if (what === 'spring') {
      el('path', { d: 'M40 20H20', class: 'river', 'stroke-width': 9 }, svg);
      el('circle', { cx: 17, cy: 20, r: 7, class: 'lake' }, svg);
      el('circle', { cx: 17, cy: 20, r: 3, class: 'spring-eye' }, svg);
      for (const [x, y] of [[9, 13], [8, 25], [14, 29]]) el('circle', { cx: x, cy: y, r: 2.2, class: 'stone' }, svg);
    } else if (what === 'lake') {
      el('path', { d: 'M0 20H15', class: 'river', 'stroke-width': 9 }, svg);
      el('ellipse', { cx: 25, cy: 20, rx: 13, ry: 11, class: 'lake' }, svg);
      el('path', { d: 'M19 17q2 -2 4 0t4 0M22 24q2 -2 4 0t4 0', class: 'ripple' }, svg);
    } else if (what === 'river-end') {
      el('rect', { x: 3, y: 3, width: 34, height: 34, rx: 4, class: 'river-end', 'stroke-width': 2 }, svg);
      el('path', { d: 'M10 17q2.5 -3 5 0t5 0t5 0t5 0M10 24q2.5 -3 5 0t5 0t5 0t5 0', class: 'river-end-wave', 'stroke-width': 2 }, svg);
    } else if (what === 'garden') {
      drawGarden(el('g', { transform: 'translate(20 20) scale(1.4)' }, svg));
    } else if (what === 'inner') {
      el('ellipse', { cx: 20, cy: 20, rx: 12, ry: 9, class: 'field inner-field' }, svg);
    } else drawGoods(el('g', { transform: 'translate(20 20) scale(1.5)' }, svg), what);
    span.appendChild(svg);
  }
}

/** The deck headings, in the order the page lists them. @type {[string, string][]} */
const DECKS = [['gift', 'The gifts'], ['cloister', 'The Cloister deck'], ['roadside', 'The Roadside deck']];

/** The abbey as the board draws it: its tile of the catalogue (GET /api/tiles). */
async function drawAbbey() {
  /** @type {import('./types.js').TileDef[]} */
  const tiles = await (await fetch('/api/tiles')).json();
  const abbey = tiles.find((t) => t.mark === 'abbey');
  if (abbey) for (const span of document.querySelectorAll('[data-draw=abbey]')) span.appendChild(tileIcon(abbey, 0, 36));
}

async function main() {
  drawSymbols();
  await drawAbbey();
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
