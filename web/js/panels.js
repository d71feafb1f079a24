// The information panels of the game page: players (score, breakdown, followers, hands), the
// stack by tile kind, and the final screen. They read the view only.
import { seatName, swatchHtml } from './seats.js';
import { list, t } from './i18n.js';
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
  const base = seatName(seat);
  if (seat === mySeat) return t('game.you_after', { seat: base });
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
  const kinds = ['meeple', 'large', 'abbot', 'builder', 'pig', 'mayor', 'wagon', 'barn'];
  const box = document.createElement('span');
  box.className = 'supply-figures';
  for (const k of kinds) {
    const n = /** @type {Record<string, number|undefined>} */ (f)[k];
    if (n === undefined) continue;
    const span = document.createElement('span');
    span.title = t(`supply.${k}`, { n });
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
  const parts = GOODS.map((k) => `<span class="${lead.includes(k) ? 'lead' : ''}" data-goods="${k}" data-count="${g[k]}">${g[k]} ${t(`goods.${k}`)}</span>`).join(' · ');
  return `<tr class="breakdown goods-row"><td colspan="5">${t('panel.goods', { list: parts })}${lead.length ? ` — ${t('panel.goods.most', { list: lead.map((k) => t(`goods.${k}`)).join(', ') })}` : ''}</td></tr>`;
}

/**
 * A seat's tower floors in supply and the prisoners it holds (The Tower, TW10: public), each
 * prisoner its owner's figure in the owner's colour with the owner's digit.
 * @param {View} v @param {number} s
 */
function towerLine(v, s) {
  const tw = v.tower;
  if (!tw) return '';
  const held = tw.prisoners.filter((p) => p.holder === s);
  const icons = held.map((p) => {
    const span = document.createElement('span');
    span.className = 'prisoner';
    span.dataset.owner = String(p.owner);
    span.dataset.figure = p.figure;
    span.title = t('panel.prisoner', { whose: t(`whose.${['meeple', 'large', 'abbot'].includes(p.figure) ? p.figure : 'meeple'}`, { seat: seatName(p.owner) }) });
    span.appendChild(figureIcon(p.owner, p.figure, 26, true));
    return span.outerHTML;
  }).join('');
  const floors = tw.floors[s] ?? 0;
  return `<tr class="breakdown tower-row" data-floors="${floors}" data-prisoners="${held.length}"><td colspan="5"><span class="floors">${t('panel.floors', { n: floors })}</span> · ${held.length ? `${t('panel.prisoners')} ${icons}` : t('panel.no_prisoners')}</td></tr>`;
}

/**
 * Whether a seat still holds its abbey (Abbey & Mayor, AM13: public), and so may place it
 * instead of drawing, or in the final round. @param {View} v @param {number} s
 */
function abbeyLine(v, s) {
  const held = v.held_abbeys?.[s];
  if (held === undefined) return '';
  return `<tr class="breakdown abbey-row" data-abbey="${held ? 'held' : 'placed'}"><td colspan="5">${t(held ? 'panel.abbey.held' : 'panel.abbey.placed')}</td></tr>`;
}

/**
 * The players table: score, followers in supply, cards in hand, and each seat's breakdown.
 * @param {HTMLElement} box @param {View} v @param {string[]} players @param {number} mySeat
 */
export function renderPlayers(box, v, players, mySeat) {
  let html = `<h2>${t('panel.players')}</h2><table class="scores"><thead><tr><th></th><th>${t('panel.score')}</th><th title="${t('panel.supply.title')}">${t(v.figures ? 'panel.supply' : 'panel.followers')}</th>`;
  if (v.gifts) html += `<th>${t('panel.gifts')}</th>`;
  if (v.christmas) html += `<th>${t('panel.cards')}</th>`;
  html += '</tr></thead><tbody>';
  for (let s = 0; s < v.players; s++) {
    const cls = [s === v.active ? 'active' : '', s === v.pending?.seat ? 'owes' : ''].join(' ');
    html += `<tr class="${cls}" data-seat="${s}"><td>${swatchHtml(s)} ${esc(playerLabel(s, players[s], mySeat))}</td>`;
    html += `<td class="score" data-score="${v.scores[s]}">${v.scores[s]}</td><td>${supplyCell(v, s)}</td>`;
    if (v.gifts) html += `<td>${v.gifts.hands?.[s]?.count ?? 0}</td>`;
    if (v.christmas) html += `<td>${xmasCount(v, s) ?? ''}</td>`;
    html += '</tr>';
    const p = parts(v, s);
    html += `<tr class="breakdown"><td colspan="5">${PARTS.filter((k) => p[k]).map((k) => `${t(`part.${k}`)} ${p[k]}`).join(' · ') || t('panel.no_points')}</td></tr>`;
    html += goodsLine(v, s);
    html += towerLine(v, s);
    html += abbeyLine(v, s);
  }
  if (v.goods) {
    const sup = v.goods.supply;
    html += `<tr class="breakdown goods-row"><td colspan="5">${t('panel.goods_left', { list: GOODS.map((k) => `${sup[k]} ${t(`goods.${k}`)}`).join(' · ') })}</td></tr>`;
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
  box.innerHTML = `<h2>${t('stack.title', { n: v.stack_left })}</h2>`;
  if (v.river_left) {
    const p = document.createElement('p');
    p.className = 'river-line';
    p.dataset.riverLeft = String(v.river_left);
    p.textContent = t('stack.river', { n: v.river_left });
    box.appendChild(p);
  }
  // The Princess & the Dragon: the dragon tiles set aside until the first volcano (PD4), shown
  if (v.dragon?.aside.length) {
    const p = document.createElement('p');
    p.className = 'aside-line';
    p.dataset.aside = String(v.dragon.aside.length);
    p.append(`${t('stack.aside', { n: v.dragon.aside.length })} `);
    for (const id of v.dragon.aside) { const d = defs.get(id); if (d) p.appendChild(tileIcon(d, 0, 26)); }
    box.appendChild(p);
  }
  const decks = [];
  if (v.gifts) decks.push(t('stack.deck.gift', { n: v.gifts.deck_left }));
  if (v.christmas) for (const [k, d] of Object.entries(v.christmas.decks)) decks.push(t(`stack.deck.${k}`, { n: d.left }));
  if (decks.length) {
    const p = document.createElement('p');
    p.className = 'decks';
    p.textContent = decks.join(' · ');
    box.appendChild(p);
  }
  // discard piles are public (RULES.md §6): the newest last
  /** @type {[string, string[]][]} */
  const piles = [];
  if (v.gifts?.discard?.length) piles.push([t('stack.gifts_opened'), v.gifts.discard]);
  for (const [k, d] of Object.entries(v.christmas?.decks ?? {})) if (d.discard?.length) piles.push([t(`stack.discards.${k}`), d.discard]);
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
    d.title = t('stack.kind', { n });
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
  const title = winners.length > 1 ? t('final.shared', { list: list(winners.map(seatName)) })
    : winners.includes(mySeat) ? t('final.you_win') : t('final.wins', { seat: seatName(winners[0] ?? -1) });
  let html = `<div class="final-card"><h1>${esc(title)}</h1><div class="table-scroll"><table class="final-scores"><thead><tr><th></th>`;
  // banked points were paid into their categories at the end: no "banked 0" column then
  const cols = PARTS.filter((k) => k !== 'banked' && (k !== 'gifts' || v.gifts) && (k !== 'cards' || v.christmas) && (k !== 'goods' || v.goods) && (k !== 'gardens' || v.score_parts?.[0]?.gardens !== undefined));
  const pigs = !!v.goods;
  // the Total first, beside the name: on a phone each row is a card of its own (style.css)
  html += `<th>${t('final.total')}</th>` + cols.map((k) => `<th>${t(`part.${k}`)}</th>`).join('') + (pigs ? `<th title="${t('final.pig.title')}">${t('final.pig')}</th><th>${t('final.goods')}</th>` : '') + '</tr></thead><tbody>';
  for (let s = 0; s < v.players; s++) {
    const p = parts(v, s);
    html += `<tr data-seat="${s}"><td>${swatchHtml(s)} ${esc(playerLabel(s, players[s], mySeat))}</td>`;
    // each cell names its column (data-label): on a phone the rows are cards, without the header
    html += `<td class="final-score" data-score="${v.scores[s]}" data-label="${t('final.total')}"><strong>${v.scores[s]}</strong></td>` + cols.map((k) => `<td data-label="${t(`part.${k}`)}">${p[k] ?? 0}</td>`).join('');
    if (pigs) {
      const g = v.goods?.seats?.[s];
      html += `<td class="final-pig" data-pig="${pig[s] ?? 0}" data-label="${t('final.pig')}">${pig[s] ?? 0}</td><td class="final-goods" data-label="${t('final.goods')}">${g ? (GOODS.filter((k) => g[k]).map((k) => `${g[k]} ${t(`goods.${k}`)}${goodsLeaders(v, k).includes(s) ? ' ★' : ''}`).join(', ') || t('final.none')) : ''}</td>`;
    }
    html += '</tr>';
  }
  html += '</tbody></table></div>';
  if (v.christmas) html += `<p class="note">${t('final.banked')}</p>`;
  if (pigs) html += `<p class="note">${t('final.goods_note')}</p>`;
  html += `<div id="final-chart"></div><p><a href="/replay/${esc(gameId)}">${t('final.replay')}</a> · <a href="/api/games/${esc(gameId)}/record" download>${t('final.record')}</a> · <a href="/">${t('common.new_game')}</a> · <a href="/how.html" target="_blank" rel="noopener">${t('common.how_to_play')}</a> · <button id="final-close">${t('final.look')}</button></p>${mySeat >= 0 ? `<p class="rematch"><button id="rematch" class="primary">${t('final.rematch')}</button></p>` : ''}<p id="rematch-note" class="note" hidden></p></div>`;
  box.innerHTML = html;
  const chart = box.querySelector('#final-chart');
  if (chart) {
    drawChart(chart, history, v.players);
    if (new Set(history.map((h) => h.turn)).size < v.turn / 2) {
      const note = document.createElement('p');
      note.className = 'note';
      note.textContent = t('final.part_seen');
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
