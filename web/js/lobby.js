// The lobby (/): choose 2-5 seats (6 with Inns & Cathedrals; a person, or a computer
// player and its strength), the expansions (eight checkboxes, one way for all: issue 32) and a
// seed; create the game (POST /api/games) and show every seat's link. "My games" lists the
// seats this browser holds, with who plays, the expansions and when the game began.
import { seatName, swatchHtml } from './seats.js';
import { forgetGame, myGames, rememberGame } from './mine.js';
import { ladderChosen, ladderRefusal, renderLadderMe, apiError } from './ladder_me.js';
import { LANG, t, list as listWords } from './i18n.js';

/** @typedef {import('./types.js').NewGame} NewGame */
/** @typedef {import('./types.js').CreatedGame} CreatedGame */
/** @typedef {import('./types.js').ApiError} ApiError */

/** An element of index.html (every id asked for is there). @param {string} id @returns {HTMLElement} */
const $ = (id) => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`index.html has no #${id}`);
  return e;
};
// a person, or the levels for people (docs/AI.md): each a fixed search, so as strong on a busy
// server as on a quiet one; hard answers within 2 s; each named by `lobby.kind.KIND`
const KINDS = ['human', 'easy', 'medium', 'hard', 'greedy', 'random'];
let seats = ['human', 'medium'];

/** A checkbox of index.html. @param {string} id @returns {HTMLInputElement} */
const box = (id) => /** @type {HTMLInputElement} */ ($(id));

/** Seats a game may have: 5, or 6 with Inns & Cathedrals. */
const maxSeats = () => (box('exp-inns').checked ? 6 : 5);

/** The expansions' checkboxes, in the order the server writes them. */
const EXPANSIONS = ['gifts', 'christmas', 'inns', 'traders', 'river', 'abbot', 'dragon', 'tower', 'abbey'];


/** The expansions chosen, as POST /api/games takes them: "base", "gifts,inns"... */
function chosenExpansions() {
  const names = EXPANSIONS.filter((e) => box(`exp-${e}`).checked);
  return names.length ? names.join(',') : 'base';
}

/** A list of expansions ("gifts,river" or "base") in words. @param {string} list */
function expansionWords(list) {
  const names = list && list !== 'base' ? list.split(',').map((e) => t(`exp.${e}`)) : [];
  return names.length ? t('lobby.base_with', { list: listWords(names) }) : t('lobby.base_only');
}

/** The line under the checkboxes: what will be played, in one sentence. */
function renderSummary() {
  $('exp-summary').textContent = t('lobby.summary', { what: expansionWords(chosenExpansions()) });
}

function renderSeats() {
  const box = $('seats');
  box.replaceChildren();
  seats.forEach((kind, i) => {
    const row = document.createElement('div');
    row.className = 'seat-row';
    row.innerHTML = `<label>${swatchHtml(i)} ${seatName(i)} <select data-seat="${i}"></select></label>`;
    const sel = /** @type {HTMLSelectElement} */ (row.querySelector('select'));
    for (const v of KINDS) sel.add(new Option(t(`lobby.kind.${v}`), v, false, v === kind));
    sel.onchange = () => { seats[i] = sel.value; };
    box.appendChild(row);
  });
  /** @type {HTMLButtonElement} */ ($('add-seat')).disabled = seats.length >= maxSeats();
  /** @type {HTMLButtonElement} */ ($('remove-seat')).disabled = seats.length <= 2;
}

$('add-seat').onclick = () => { seats.push('medium'); renderSeats(); };
// without Inns & Cathedrals a sixth seat goes
box('exp-inns').addEventListener('change', () => { if (seats.length > maxSeats()) seats = seats.slice(0, maxSeats()); renderSeats(); });
for (const e of EXPANSIONS) box(`exp-${e}`).addEventListener('change', renderSummary);
$('remove-seat').onclick = () => { seats.pop(); renderSeats(); };

/** `<li><strong>label</strong> <a>link</a> <button>Copy</button></li>` @param {string} label @param {string} url */
function linkItem(label, url) {
  const li = document.createElement('li');
  const full = new URL(url, location.href).href;
  const strong = document.createElement('strong');
  strong.textContent = label;
  const a = document.createElement('a');
  a.href = full; a.textContent = full;
  const b = document.createElement('button');
  b.type = 'button'; b.textContent = t('lobby.copy');
  li.append(strong, ' ', a, ' ', b);
  b.onclick = async () => {
    try { await navigator.clipboard.writeText(full); b.textContent = t('lobby.copied'); } catch { b.textContent = t('lobby.copy_by_hand'); }
  };
  return li;
}

$('new-game').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('error').textContent = ladderRefusal();
  if ($('error').textContent) return;
  /** @type {NewGame} */
  const body = { players: seats, expansions: chosenExpansions() };
  const seed = /** @type {HTMLInputElement} */ ($('seed')).value.trim();
  if (seed) body.seed = Number(seed);
  if (ladderChosen()) body.ladder = true;
  // the clock (issue 32): a real-time preset by name, or turn-based hours (docs/SERVER.md)
  const clock = /** @type {HTMLSelectElement} */ ($('clock')).value;
  if (clock.startsWith('turn')) body.clock = { hours: Number(clock.slice(4)) };
  else if (clock) body.clock = clock;
  /** @type {Response} */
  let res;
  /** @type {CreatedGame|ApiError} */
  let data;
  try {
    res = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    data = await res.json();
  } catch (err) {
    $('error').textContent = t('common.no_answer');
    return;
  }
  if (!res.ok || 'error' in data) { $('error').textContent = apiError(res.status, 'error' in data ? data.error : ''); return; }
  const list = $('link-list');
  list.replaceChildren();
  /** @type {string|null} */
  let mine = null;
  for (const s of data.seats) {
    if (!s.url) continue;
    // the first person's seat is this browser's; the others are links for friends
    rememberGame(data.id, s.seat, new URL(s.url, location.href).href, mine === null);
    mine ??= s.url;
    list.appendChild(linkItem(mine === s.url ? t('lobby.seat_yours', { seat: seatName(s.seat) }) : seatName(s.seat), s.url));
  }
  list.appendChild(linkItem(t('lobby.spectators'), data.watch));
  $('links').hidden = false;
  renderMine();
  if (mine) {
    const open = document.createElement('a');
    open.href = mine; open.textContent = t('lobby.open_seat'); open.className = 'button primary'; open.id = 'open-seat';
    list.before(open);
    window.open(mine, '_blank');
  }
});

/** @typedef {import('./types.js').GameSummary} GameSummary */

/** Lists the seats this browser holds (localStorage), each with whose turn it is. */
async function renderMine() {
  const box = $('my-games'), list = $('my-list');
  const games = myGames();
  box.hidden = !games.length;
  list.replaceChildren();
  for (const g of games) {
    const li = linkItem(t(g.own === false ? 'lobby.mine.friend_link' : 'lobby.mine.you', { seat: seatName(g.seat) }), g.url);
    li.dataset.game = g.id;
    const state = document.createElement('span');
    state.className = 'turn';
    state.textContent = '…';
    const about = document.createElement('span');
    about.className = 'game-about';
    const forget = document.createElement('button');
    forget.type = 'button'; forget.textContent = t('lobby.forget');
    forget.onclick = () => { forgetGame(g.id, g.seat); renderMine(); };
    li.append(' ', state, ' ', forget, about);
    list.appendChild(li);
    fetch(`/api/games/${encodeURIComponent(g.id)}`).then(async (r) => {
      if (!r.ok) { state.textContent = t('lobby.mine.gone'); return; }
      /** @type {GameSummary} */
      const info = await r.json();
      const who = info.pending?.seat ?? -1;
      // issue 32: who plays, what, and since when, to tell one game from another
      const players = (info.players ?? []).map((p, i) => t('lobby.mine.player', { seat: seatName(i), who: i === g.seat ? t(g.own === false ? 'lobby.mine.a_friend' : 'lobby.mine.you_word') : p === 'human' ? t('lobby.mine.a_person') : p }));
      const when = new Date((info.created ? info.created * 1000 : g.at)).toLocaleString(LANG, { dateStyle: 'medium', timeStyle: 'short' });
      about.textContent = t('lobby.mine.about', { players: players.join(', '), what: expansionWords(info.expansions), when });
      state.textContent = info.over ? t('lobby.mine.over') : who === g.seat ? t('lobby.mine.your_turn') : who >= 0 ? t('lobby.mine.to_play', { seat: seatName(who) }) : t('lobby.mine.someone');
      if (!info.over && who === g.seat) li.classList.add('your-turn');
    }).catch(() => { state.textContent = t('lobby.mine.no_answer'); });
  }
}

renderSeats();
renderSummary();
renderMine();
renderLadderMe();
