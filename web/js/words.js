// Events (docs/PROTOCOL.md, "Event strings") told in plain words for the log. An event this
// file does not know is shown as it came.
import { cardName } from './cards.js';

const FEATURE = { city: 'a city', road: 'a road', cloister: 'a cloister', field: 'a field' };

/** @param {number} seat @param {string[]} names */
function who(seat, names) {
  return names[seat] ?? `Seat ${seat}`;
}

/** One event in words; `names` are the seats' display names. */
export function eventWords(ev, names) {
  const w = ev.split(' ');
  const s = Number(w[1]);
  switch (w[0]) {
    case 'draw': return `Tile ${w[1]} drawn.`;
    case 'remove': return `Tile ${w[1]} fits nowhere and leaves the game.`;
    case 'return': return `Tile ${w[1]} goes back into the stack.`;
    case 'place': return `${who(s, names)} places tile ${w[2]} at ${w[3]}.`;
    case 'follower': return `${who(s, names)} puts a follower on ${FEATURE[w[3].split(':')[0]] ?? w[3]} at ${w[2]}.`;
    case 'score': return `${who(s, names)} scores ${w[2]} for ${FEATURE[w[3]] ?? w[3]} at ${w[4]}.`;
    case 'back': return `${who(s, names)}'s follower at ${w[2]} returns to the supply.`;
    case 'gift': return w[2] === '?' ? `${who(s, names)} receives a gift.` : `${who(s, names)} receives the gift ${cardName(w[2])}.`;
    case 'card': return w[2] === '?' ? `${who(s, names)} takes a Christmas card into hand.` : `${who(s, names)} draws ${cardName(w[2])}.`;
    case 'play': return `${who(s, names)} plays ${cardName(w[2])}.`;
    case 'discard': return `${cardName(w[1])} is discarded.`;
    case 'over': return 'The game is over.';
    default: return ev;
  }
}

/** A move in words, for the confirm line (`names` as above, `seat` who makes it). */
export function moveWords(move) {
  const w = move.split(' ');
  if (w[0] === 'open') return `Open ${cardName(w[1])}${w.length > 2 ? ' on ' + w.slice(2).join(' ') : ''}`;
  if (w[0] === 'play') return `Play ${cardName(w[1])}${w.length > 2 ? ' on ' + w.slice(2).join(' ') : ''}`;
  if (w[0] === 'discard') return `Discard ${cardName(w[1])}`;
  if (w[0] === 'target') return `Target ${w.slice(1).join(' ')}`;
  if (/^[A-X]$/.test(w[0])) return `Place ${w[0]} at ${w[1]} turned ${w[2]}`;
  if (/:/.test(w[0]) && w.length === 1) return `Follower on ${w[0].replace(':', ' ')}`;
  return move;
}
