// The information panels of the game page: players (score, breakdown, followers, hands), the
// stack by tile kind, and the final screen. They read the view only.
import { SEAT_NAMES, swatchHtml } from './seats.js';
import { drawChart } from './chart.js';
import { tileIcon } from './tiles.js';
import { cardName } from './cards.js';
import { figureIcon } from './board.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').TileDef} TileDef */
/** @typedef {import('./types.js').ScoreParts} ScoreParts */
/** A seat's points by kind, with the points banked on locked features. @typedef {Partial<ScoreParts & {banked: number}>} Parts */

/** @type {(keyof Parts)[]} */
export const PARTS = ['roads', 'cities', 'cloisters', 'gardens', 'fields', 'cards', 'gifts', 'goods', 'banked'];

/** The goods kinds, in the order they are shown. */
export const GOODS = /** @type {const} */ (['wine', 'grain', 'cloth']);

/**
 * "Red (you)", "Blue — greedy".
 * @param {number} seat @param {string|undefined} player the seat's player (`human`, `greedy`...) @param {number} mySeat
 */
export function playerLabel(seat, player, mySeat) {
  const base = SEAT_NAMES[seat] ?? `Seat ${seat}`;
  if (seat === mySeat) return `${base} (you)`;
  return player && player !== 'human' ? `${base} — ${player}` : base;
}

/** @param {View} v @param {number} s @returns {Parts} */
function parts(v, s) {
  /** @type {Parts} */
  const p = { ...(v.score_parts?.[s] ?? {}) };
  const banked = v.christmas?.banked?.[s];
  if (banked !== undefined) p.banked = banked;
  return p;
}

/** @param {View} v @param {number} s */
function xmasCount(v, s) {
  const h = v.christmas?.hands?.[s];
  if (!h) return null;
  return h.count ?? (h.cards?.length ?? 0) + (h.hidden ?? 0);
}

/**
 * The seats holding the most of a kind of goods (at least one): each scores 10 at the end.
 * @param {View} v @param {'wine'|'grain'|'cloth'} kind @returns {number[]}
 */
export function goodsLeaders(v, kind) {
  const counts = (v.goods?.seats ?? []).map((g) => g[kind] ?? 0);
  const max = Math.max(0, ...counts);
  return max ? counts.map((n, s) => (n === max ? s : -1)).filter((s) => s >= 0) : [];
}

/**
 * A seat's figures in supply by kind, each as its picture and count (with Inns & Cathedrals or
 * Traders & Builders), else the followers in supply as a number.
 * @param {View} v @param {number} s
 */
function supplyCell(v, s) {
  const f = v.figures?.[s];
  if (!f) return `${v.supply?.[s] ?? ''}`;
  /** @type {[string, string][]} */
  const kinds = [['meeple', 'meeples'], ['large', 'large meeple'], ['abbot', 'abbot'], ['builder', 'builder'], ['pig', 'pig'], ['mayor', 'mayor'], ['wagon', 'wagon'], ['barn', 'barn']];
  const box = document.createElement('span');
  box.className = 'supply-figures';
  for (const [k, name] of kinds) {
    const n = /** @type {Record<string, number|undefined>} */ (f)[k];
    if (n === undefined) continue;
    const span = document.createElement('span');
    span.title = `${n} ${name} in supply`;
    span.dataset.figure = k;
    span.dataset.count = String(n);
    if (!n) span.style.opacity = '0.3';
    span.appendChild(figureIcon(s, k, 22));
    if (k === 'meeple') span.append(String(n));
    box.appendChild(span);
  }
  return box.outerHTML;
}

/**
 * A seat's goods by kind, the kinds where it holds the most (10 points at the end if it stays
 * so) underlined. @param {View} v @param {number} s
 */
function goodsLine(v, s) {
  const g = v.goods?.seats?.[s];
  if (!g) return '';
  const lead = GOODS.filter((k) => goodsLeaders(v, k).includes(s));
  const parts = GOODS.map((k) => `<span class="${lead.includes(k) ? 'lead' : ''}" data-goods="${k}" data-count="${g[k]}">${g[k]} ${k}</span>`).join(' · ');
  return `<tr class="breakdown goods-row"><td colspan="5">Goods: ${parts}${lead.length ? ` — most ${lead.join(', ')} (10 each at the end)` : ''}</td></tr>`;
}

/**
 * A seat's tower floors in supply and the prisoners it holds (The Tower, TW10: public), each
 * prisoner its owner's figure in the owner's colour with the owner's digit.
 * @param {View} v @param {number} s
 */
function towerLine(v, s) {
  const t = v.tower;
  if (!t) return '';
  const held = t.prisoners.filter((p) => p.holder === s);
  const icons = held.map((p) => {
    const span = document.createElement('span');
    span.className = 'prisoner';
    span.dataset.owner = String(p.owner);
    span.dataset.figure = p.figure;
    span.title = `${SEAT_NAMES[p.owner] ?? ''}'s ${p.figure === 'large' ? 'large meeple' : p.figure === 'meeple' ? 'follower' : p.figure}, held prisoner`;
    span.appendChild(figureIcon(p.owner, p.figure, 26, true));
    return span.outerHTML;
  }).join('');
  const floors = t.floors[s] ?? 0;
  return `<tr class="breakdown tower-row" data-floors="${floors}" data-prisoners="${held.length}"><td colspan="5"><span class="floors">${floors} tower floor${floors === 1 ? '' : 's'}</span> · ${held.length ? `prisoners: ${icons}` : 'no prisoners'}</td></tr>`;
}

/**
 * Whether a seat still holds its abbey (Abbey & Mayor, AM13: public), and so may place it
 * instead of drawing, or in the final round. @param {View} v @param {number} s
 */
function abbeyLine(v, s) {
  const held = v.held_abbeys?.[s];
  if (held === undefined) return '';
  return `<tr class="breakdown abbey-row" data-abbey="${held ? 'held' : 'placed'}"><td colspan="5">${held ? 'Abbey still held: may be placed in a hole instead of drawing, or in the final round' : 'Abbey placed'}</td></tr>`;
}

/**
 * The players table: score, followers in supply, cards in hand, and each seat's breakdown.
 * @param {HTMLElement} box @param {View} v @param {string[]} players @param {number} mySeat
 */
export function renderPlayers(box, v, players, mySeat) {
  let html = `<h2>Players</h2><table class="scores"><thead><tr><th></th><th>Score</th><th title="figures in supply">${v.figures ? 'In supply' : 'Followers'}</th>`;
  if (v.gifts) html += '<th>Gifts</th>';
  if (v.christmas) html += '<th>Cards</th>';
  html += '</tr></thead><tbody>';
  for (let s = 0; s < v.players; s++) {
    const cls = [s === v.active ? 'active' : '', s === v.pending?.seat ? 'owes' : ''].join(' ');
    html += `<tr class="${cls}" data-seat="${s}"><td>${swatchHtml(s)} ${esc(playerLabel(s, players[s], mySeat))}</td>`;
    html += `<td class="score" data-score="${v.scores[s]}">${v.scores[s]}</td><td>${supplyCell(v, s)}</td>`;
    if (v.gifts) html += `<td>${v.gifts.hands?.[s]?.count ?? 0}</td>`;
    if (v.christmas) html += `<td>${xmasCount(v, s) ?? ''}</td>`;
    html += '</tr>';
    const p = parts(v, s);
    html += `<tr class="breakdown"><td colspan="5">${PARTS.filter((k) => p[k]).map((k) => `${k} ${p[k]}`).join(' · ') || 'no points yet'}</td></tr>`;
    html += goodsLine(v, s);
    html += towerLine(v, s);
    html += abbeyLine(v, s);
  }
  if (v.goods) {
    const sup = v.goods.supply;
    html += `<tr class="breakdown goods-row"><td colspan="5">Goods left to take: ${GOODS.map((k) => `${sup[k]} ${k}`).join(' · ')}</td></tr>`;
  }
  box.innerHTML = html + '</tbody></table>';
}

/**
 * Tiles left in the stack by kind: the game's counts (the catalogue of its expansions, or the
 * whole catalogue's when not known) less those placed, removed or in hand. During the river
 * phase (The River), a line says how many river tiles are left before the main stack.
 * @param {HTMLElement} box @param {View} v @param {Map<string, TileDef>} defs
 * @param {Map<string, number>|null} [counts] each kind's count in this game
 */
export function renderStack(box, v, defs, counts = null) {
  const left = new Map(counts ? [...counts] : [...defs.values()].map((d) => [d.id, d.count]));
  for (const b of v.board) left.set(b.tile, (left.get(b.tile) ?? 0) - 1);
  for (const t of [...(v.removed ?? []), ...(v.hand_tiles ?? []), ...(v.dragon?.aside ?? [])]) left.set(t, (left.get(t) ?? 0) - 1);
  box.innerHTML = `<h2>Stack: ${v.stack_left} tiles left</h2>`;
  if (v.river_left) {
    const p = document.createElement('p');
    p.className = 'river-line';
    p.dataset.riverLeft = String(v.river_left);
    p.textContent = `The river first: ${v.river_left} river tile${v.river_left === 1 ? '' : 's'} left (the lake last), then the other tiles.`;
    box.appendChild(p);
  }
  // The Princess & the Dragon: the dragon tiles set aside until the first volcano (PD4), shown
  if (v.dragon?.aside.length) {
    const p = document.createElement('p');
    p.className = 'aside-line';
    p.dataset.aside = String(v.dragon.aside.length);
    p.append(`Set aside until the first volcano: ${v.dragon.aside.length} dragon tile${v.dragon.aside.length === 1 ? '' : 's'} `);
    for (const id of v.dragon.aside) { const d = defs.get(id); if (d) p.appendChild(tileIcon(d, 0, 26)); }
    box.appendChild(p);
  }
  const decks = [];
  if (v.gifts) decks.push(`gift deck ${v.gifts.deck_left}`);
  if (v.christmas) for (const [k, d] of Object.entries(v.christmas.decks)) decks.push(`${k} deck ${d.left}`);
  if (decks.length) {
    const p = document.createElement('p');
    p.className = 'decks';
    p.textContent = decks.join(' · ');
    box.appendChild(p);
  }
  // discard piles are public (RULES.md §6): the newest last
  /** @type {[string, string[]][]} */
  const piles = [];
  if (v.gifts?.discard?.length) piles.push(['Gifts opened', v.gifts.discard]);
  for (const [k, d] of Object.entries(v.christmas?.decks ?? {})) if (d.discard?.length) piles.push([`${k[0].toUpperCase()}${k.slice(1)} discards`, d.discard]);
  for (const [label, ids] of piles) {
    const p = document.createElement('p');
    p.className = 'decks discards';
    p.textContent = `${label}: ${ids.map(cardName).join(', ')}`;
    box.appendChild(p);
  }
  const grid = document.createElement('div');
  grid.className = 'stack-grid';
  for (const [id, n] of left) {
    const def = defs.get(id);
    if (n <= 0 || !def) continue;
    const d = document.createElement('div');
    d.className = 'stack-kind';
    d.title = `${n} left of this tile`;
    d.appendChild(tileIcon(def, 0, 30));
    const c = document.createElement('span');
    c.textContent = `×${n}`;
    d.appendChild(c);
    grid.appendChild(d);
  }
  box.appendChild(grid);
}

/**
 * The final screen once the game is over: winners, the breakdown, the chart, the links.
 * @param {HTMLElement} box @param {View} v @param {string[]} players @param {number} mySeat
 * @param {{turn: number, scores: number[]}[]} history @param {string} gameId
 * @param {number[]} [pig] per seat the points the pig added to fields (from the events seen)
 */
export function renderFinal(box, v, players, mySeat, history, gameId, pig = []) {
  if (!v.over) { box.hidden = true; return; }
  if (!box.hidden && box.dataset.done === String(v.turn)) return;
  box.dataset.done = String(v.turn);
  box.hidden = false;
  const winners = v.winners ?? [];
  const title = winners.length > 1 ? `${winners.map((w) => SEAT_NAMES[w]).join(' and ')} share the victory`
    : winners.includes(mySeat) ? 'You win!' : `${SEAT_NAMES[winners[0]] ?? ''} wins`;
  let html = `<div class="final-card"><h1>${esc(title)}</h1><div class="table-scroll"><table class="final-scores"><thead><tr><th></th>`;
  // banked points were paid into their categories at the end: no "banked 0" column then
  const cols = PARTS.filter((k) => k !== 'banked' && (k !== 'gifts' || v.gifts) && (k !== 'cards' || v.christmas) && (k !== 'goods' || v.goods) && (k !== 'gardens' || v.score_parts?.[0]?.gardens !== undefined));
  const pigs = !!v.goods;
  // the Total first, beside the name: on a phone each row is a card of its own (style.css)
  html += '<th>Total</th>' + cols.map((k) => `<th>${k}</th>`).join('') + (pigs ? '<th title="the points the pig added, counted in fields">pig</th><th>goods held</th>' : '') + '</tr></thead><tbody>';
  for (let s = 0; s < v.players; s++) {
    const p = parts(v, s);
    html += `<tr data-seat="${s}"><td>${swatchHtml(s)} ${esc(playerLabel(s, players[s], mySeat))}</td>`;
    // each cell names its column (data-label): on a phone the rows are cards, without the header
    html += `<td class="final-score" data-score="${v.scores[s]}" data-label="Total"><strong>${v.scores[s]}</strong></td>` + cols.map((k) => `<td data-label="${k}">${p[k] ?? 0}</td>`).join('');
    if (pigs) {
      const g = v.goods?.seats?.[s];
      html += `<td class="final-pig" data-pig="${pig[s] ?? 0}" data-label="pig">${pig[s] ?? 0}</td><td class="final-goods" data-label="goods held">${g ? (GOODS.filter((k) => g[k]).map((k) => `${g[k]} ${k}${goodsLeaders(v, k).includes(s) ? ' ★' : ''}`).join(', ') || 'none') : ''}</td>`;
    }
    html += '</tr>';
  }
  html += '</tbody></table></div>';
  if (v.christmas) html += '<p class="note">Points banked on locked features were paid into their categories at the end.</p>';
  if (pigs) html += '<p class="note">Goods: 10 points to whoever holds the most of each kind (★; tied players all score). A pig in a field its owner holds makes each completed city there worth 4 instead of 3: that extra is counted in fields.</p>';
  html += `<div id="final-chart"></div><p><a href="/replay/${esc(gameId)}">Watch the replay</a> · <a href="/api/games/${esc(gameId)}/record" download>Download the record</a> · <a href="/">New game</a> · <a href="/how.html" target="_blank" rel="noopener">How to play</a> · <button id="final-close">Look at the board</button></p>${mySeat >= 0 ? '<p class="rematch"><button id="rematch" class="primary">Rematch: the same seats and settings</button></p>' : ''}<p id="rematch-note" class="note" hidden></p></div>`;
  box.innerHTML = html;
  const chart = box.querySelector('#final-chart');
  if (chart) {
    drawChart(chart, history, v.players);
    if (new Set(history.map((h) => h.turn)).size < v.turn / 2) {
      const note = document.createElement('p');
      note.className = 'note';
      note.textContent = 'This page saw only part of the game: the replay shows the scores of every turn.';
      chart.after(note);
    }
  }
  const close = box.querySelector('#final-close');
  if (close instanceof HTMLElement) close.onclick = () => { box.hidden = true; };
}

/** Text made safe inside HTML. @param {string} s */
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
