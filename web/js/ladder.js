// The ladder page (/ladder.html): every row of GET /api/ladder (people and computer players,
// the highest rating first), and a player's rated games (GET /api/players/NAME) for the name
// after '#' (a row clicked sets it): when, who played with rank and rating before and after,
// and the game's replay.
import { LANG, has, t } from './i18n.js';
/** @typedef {import('./types.js').Ladder} Ladder */
/** @typedef {import('./types.js').LadderPlayer} LadderPlayer */
/** @typedef {import('./types.js').LadderSeat} LadderSeat */

/** An element of ladder.html (every id asked for is there). @param {string} id @returns {HTMLElement} */
const $ = (id) => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`ladder.html has no #${id}`);
  return e;
};

/** A table cell holding text. @param {string|number} text */
function cell(text) {
  const td = document.createElement('td');
  td.textContent = String(text);
  return td;
}

/** How strong each computer row's player is, in the lobby's words. @type {Record<string, string>} */

/** A name as shown: a computer's with its strength. @param {string} name @param {boolean} computer */
const shownName = (name, computer) => (!computer ? name : has(`ladder.level.${name}`) ? t('ladder.computer_level', { name, level: t(`ladder.level.${name}`) }) : t('ladder.computer', { name }));

/** A link to a player's games. @param {string} name @param {boolean} computer */
function playerLink(name, computer) {
  const a = document.createElement('a');
  a.href = `#${encodeURIComponent(name)}`;
  a.textContent = shownName(name, computer);
  return a;
}

async function showLadder() {
  const body = /** @type {HTMLElement} */ ($('ladder-table').querySelector('tbody'));
  try {
    const r = await fetch('/api/ladder');
    /** @type {Ladder|import('./types.js').ApiError} */
    const data = await r.json();
    if (!r.ok || 'error' in data) throw new Error(t('api.status', { n: r.status }));
    $('ladder-about').textContent = t('ladder.about.k', { k: data.k, start: data.start });
    body.replaceChildren(...data.players.map((p, i) => {
      const tr = document.createElement('tr');
      tr.dataset.name = p.name;
      if (p.computer) tr.className = 'computer';
      const name = document.createElement('td');
      name.append(playerLink(p.name, p.computer));
      tr.append(cell(i + 1), name, cell(p.rating), cell(p.games));
      return tr;
    }));
  } catch (err) {
    $('ladder-error').textContent = t('ladder.error', { error: err instanceof Error ? err.message : String(err) });
  }
}

/** A seat of a rated game in words. @param {LadderSeat} s */
function seatWords(s) {
  const rank = s.rank ?? 0;
  const nth = t(`ladder.rank.${new Intl.PluralRules(LANG, { type: 'ordinal' }).select(rank)}`, { n: rank });
  return t('ladder.seat', { name: shownName(s.name, s.computer), rank: nth, before: s.before ?? '', after: s.after ?? '' });
}

async function showPlayer() {
  const name = decodeURIComponent(location.hash.slice(1));
  const box = $('player');
  box.hidden = !name;
  if (!name) return;
  const body = /** @type {HTMLElement} */ ($('player-games').querySelector('tbody'));
  body.replaceChildren();
  $('player-name').textContent = name;
  const r = await fetch(`/api/players/${encodeURIComponent(name)}`);
  if (!r.ok) { $('player-about').textContent = t('ladder.no_player'); return; }
  /** @type {LadderPlayer} */
  const p = await r.json();
  $('player-name').textContent = shownName(p.name, p.computer);
  $('player-about').textContent = `${t('ladder.rating', { rating: p.rating, n: p.games })}${p.history.length ? '' : ` ${t('ladder.no_games')}`}`;
  body.replaceChildren(...p.history.map((g) => {
    const tr = document.createElement('tr');
    tr.dataset.game = g.game;
    const link = document.createElement('td');
    const a = document.createElement('a');
    a.href = g.replay; a.textContent = t('ladder.replay');
    link.append(a);
    const when = new Date(g.at * 1000).toLocaleString(LANG, { dateStyle: 'medium', timeStyle: 'short' });
    tr.append(cell(when), cell(g.seats.map(seatWords).join('; ')), link);
    return tr;
  }));
}

window.addEventListener('hashchange', showPlayer);
showLadder();
showPlayer();
