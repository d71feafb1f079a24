// A ladder game on the game page (issue 32): the seat signs with this browser's ladder name as
// the page opens (before its first turn; docs/SERVER.md "The ladder"), and the line
// #ladder-line shows the names that signed each seat and, once the game is rated, each
// rating before and after.
import { seatName, swatchHtml } from './seats.js';
import { t } from './i18n.js';
import { ladderMe } from './ladder_me.js';

/** @typedef {import('./types.js').LadderGame} LadderGame */
/** @typedef {import('./types.js').ClientMessage} ClientMessage */

/** @type {{asked: boolean, note: string, game: LadderGame|null, players: string[]}} */
const L = { asked: false, note: '', game: null, players: [] };

/** The ladder line, from the last ladder state seen. */
function render() {
  const line = document.getElementById('ladder-line');
  if (!line || !L.game) return;
  line.hidden = false;
  const g = L.game;
  // every seat: the name that signed it, a computer's kind, or not signed yet
  const n = Math.max(L.players.length, ...g.seats.map((s) => s.seat + 1));
  /** @type {string[]} */
  const names = [];
  const seats = Array.from({ length: n }, (_, i) => {
    const s = g.seats.find((x) => x.seat === i);
    const player = L.players[i] ?? 'human';
    names.push(s ? (s.computer ? t('ladder.computer', { name: s.name }) : s.name) : player !== 'human' ? t('ladder.computer', { name: player }) : t('ladder_seat.unsigned'));
    return `<span class="ladder-seat" data-seat="${i}">${swatchHtml(i)} ${seatName(i)} <span class="ladder-name"></span>${g.rated && s ? ` ${s.before} → ${s.after}` : ''}</span>`;
  });
  const state = t(g.rated ? 'ladder_seat.rated' : g.closed ? 'ladder_seat.closed' : 'ladder_seat.open');
  line.innerHTML = `<a href="/ladder.html">${t('ladder_seat.game')}</a> (${state}): ${seats.join(', ')} <span class="note"></span>`;
  // names and notes as text, never markup
  line.querySelectorAll('.ladder-name').forEach((e, i) => { e.textContent = names[i]; });
  const note = line.querySelector('.note');
  if (note) note.textContent = L.note;
}

/**
 * Handles what the ladder sends (a "ladder" frame, a refused "sign" message: error index -3)
 * and, on the first state, signs this seat. True when the message was the ladder's.
 * @param {{type: string, index?: number, message?: string, seat?: number|null}} msg
 * @param {string} gameId
 * @param {(m: ClientMessage) => boolean} send
 */
export function ladderMessage(msg, gameId, send) {
  if (msg.type === 'ladder') {
    L.game = /** @type {LadderGame} */ (/** @type {unknown} */ (msg));
    render();
    return true;
  }
  if (msg.type === 'error' && msg.index === -3) {
    // the server's reason is for developers (English); the player is told what it means
    L.note = t('ladder_seat.refused');
    render();
    return true;
  }
  if (msg.type === 'state' && !L.asked) {
    L.asked = true;
    const seat = msg.seat ?? -1;
    fetch(`/api/games/${encodeURIComponent(gameId)}/ladder`).then(async (r) => {
      if (!r.ok) return;  // not a ladder game
      /** @type {LadderGame} */
      const g = await r.json();
      /** @type {import('./types.js').GameSummary} */
      const info = await (await fetch(`/api/games/${encodeURIComponent(gameId)}`)).json();
      L.players = info.players ?? [];
      L.game = g;
      const me = ladderMe();
      if (seat >= 0 && !g.seats.some((s) => s.seat === seat)) {
        if (me) send({ type: 'sign', name: me.name, secret: me.secret });
        else L.note = t('ladder_seat.no_name');
      }
      render();
    }).catch(() => {});
  }
  return false;
}
