// The lobby (/): choose 2-5 seats (6 with Inns & Cathedrals; a person, or a computer
// player and its strength), the expansions (eight checkboxes, one way for all: issue 32) and a
// seed; create the game (POST /api/games) and show every seat's link. "My games" lists the
// seats this browser holds, with who plays, the expansions and when the game began.
import { SEAT_NAMES, swatchHtml } from './seats.js';
import { forgetGame, myGames, rememberGame } from './mine.js';
import { ladderChosen, ladderRefusal, renderLadderMe } from './ladder_me.js';

/** @typedef {import('./types.js').NewGame} NewGame */
/** @typedef {import('./types.js').CreatedGame} CreatedGame */
/** @typedef {import('./types.js').ApiError} ApiError */

/** An element of index.html (every id asked for is there). @param {string} id @returns {HTMLElement} */
const $ = (id) => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`index.html has no #${id}`);
  return e;
};
const KINDS = [
  ['human', 'A person'],
  // the levels for people (docs/AI.md): each a fixed search, so as strong on a busy
  // server as on a quiet one; hard answers within 2 s
  ['easy', 'Computer: easy'],
  ['medium', 'Computer: medium'],
  ['hard', 'Computer: hard'],
  ['greedy', 'Computer: quick (greedy)'],
  ['random', 'Computer: random moves'],
];
let seats = ['human', 'medium'];

/** A checkbox of index.html. @param {string} id @returns {HTMLInputElement} */
const box = (id) => /** @type {HTMLInputElement} */ ($(id));

/** Seats a game may have: 5, or 6 with Inns & Cathedrals. */
const maxSeats = () => (box('exp-inns').checked ? 6 : 5);

/** The expansions' checkboxes, in the order the server writes them. */
const EXPANSIONS = ['gifts', 'christmas', 'inns', 'traders', 'river', 'abbot', 'dragon', 'tower', 'abbey'];

/** What an expansion is called. @type {Record<string, string>} */
const EXPANSION_NAMES = { gifts: 'The Gifts', christmas: 'Christmas Present', inns: 'Inns & Cathedrals', traders: 'Traders & Builders', river: 'The River', abbot: 'The Abbot', dragon: 'The Princess & the Dragon', tower: 'The Tower', abbey: 'Abbey & Mayor' };

/** The expansions chosen, as POST /api/games takes them: "base", "gifts,inns"... */
function chosenExpansions() {
  const names = EXPANSIONS.filter((e) => box(`exp-${e}`).checked);
  return names.length ? names.join(',') : 'base';
}

/** A list of expansions ("gifts,river" or "base") in words. @param {string} list */
function expansionWords(list) {
  const names = list && list !== 'base' ? list.split(',').map((e) => EXPANSION_NAMES[e] ?? e) : [];
  if (!names.length) return 'the base game only';
  const last = names.pop();
  return `the base game with ${names.length ? `${names.join(', ')} and ${last}` : last}`;
}

/** The line under the checkboxes: what will be played, in one sentence. */
function renderSummary() {
  $('exp-summary').textContent = `You will play ${expansionWords(chosenExpansions())}.`;
}

function renderSeats() {
  const box = $('seats');
  box.replaceChildren();
  seats.forEach((kind, i) => {
    const row = document.createElement('div');
    row.className = 'seat-row';
    row.innerHTML = `<label>${swatchHtml(i)} ${SEAT_NAMES[i]} <select data-seat="${i}"></select></label>`;
    const sel = /** @type {HTMLSelectElement} */ (row.querySelector('select'));
    for (const [v, label] of KINDS) sel.add(new Option(label, v, false, v === kind));
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
  b.type = 'button'; b.textContent = 'Copy';
  li.append(strong, ' ', a, ' ', b);
  b.onclick = async () => {
    try { await navigator.clipboard.writeText(full); b.textContent = 'Copied'; } catch { b.textContent = 'Select and copy the link'; }
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
    $('error').textContent = `The server did not answer: ${err}`;
    return;
  }
  if (!res.ok || 'error' in data) { $('error').textContent = 'error' in data ? data.error : `error ${res.status}`; return; }
  const list = $('link-list');
  list.replaceChildren();
  /** @type {string|null} */
  let mine = null;
  for (const s of data.seats) {
    if (!s.url) continue;
    // the first person's seat is this browser's; the others are links for friends
    rememberGame(data.id, s.seat, new URL(s.url, location.href).href, mine === null);
    mine ??= s.url;
    list.appendChild(linkItem(`${SEAT_NAMES[s.seat]}${mine === s.url ? ' (yours)' : ''}`, s.url));
  }
  list.appendChild(linkItem('Spectators', data.watch));
  $('links').hidden = false;
  renderMine();
  if (mine) {
    const open = document.createElement('a');
    open.href = mine; open.textContent = 'Open your seat'; open.className = 'button primary'; open.id = 'open-seat';
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
    const li = linkItem(`${SEAT_NAMES[g.seat] ?? `Seat ${g.seat}`}${g.own === false ? ' (a friend\'s link)' : ' (you)'}`, g.url);
    li.dataset.game = g.id;
    const state = document.createElement('span');
    state.className = 'turn';
    state.textContent = '…';
    const about = document.createElement('span');
    about.className = 'game-about';
    const forget = document.createElement('button');
    forget.type = 'button'; forget.textContent = 'Forget';
    forget.onclick = () => { forgetGame(g.id, g.seat); renderMine(); };
    li.append(' ', state, ' ', forget, about);
    list.appendChild(li);
    fetch(`/api/games/${encodeURIComponent(g.id)}`).then(async (r) => {
      if (!r.ok) { state.textContent = 'no longer on this server'; return; }
      /** @type {GameSummary} */
      const info = await r.json();
      const who = info.pending?.seat ?? -1;
      // issue 32: who plays, what, and since when, to tell one game from another
      const players = (info.players ?? []).map((p, i) => `${SEAT_NAMES[i] ?? `Seat ${i}`} ${i === g.seat ? (g.own === false ? 'a friend' : 'you') : p === 'human' ? 'a person' : p}`);
      const when = new Date((info.created ? info.created * 1000 : g.at)).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
      about.textContent = `${players.join(', ')} · ${expansionWords(info.expansions)} · begun ${when}`;
      state.textContent = info.over ? 'game over' : who === g.seat ? 'your turn' : `${SEAT_NAMES[who] ?? 'someone'} to play`;
      if (!info.over && who === g.seat) li.classList.add('your-turn');
    }).catch(() => { state.textContent = 'the server did not answer'; });
  }
}

renderSeats();
renderSummary();
renderMine();
renderLadderMe();
