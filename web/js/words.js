// Events (docs/PROTOCOL.md, "Event strings") told in plain words for the log. An event this
// file does not know is shown as it came.
import { cardName } from './cards.js';

/** @type {Record<string, string>} */
const FEATURE = { city: 'city', road: 'road', cloister: 'cloister', field: 'field' };

/** @param {number} seat @param {string[]} names */
function who(seat, names) {
  return names[seat] ?? `Seat ${seat}`;
}

/**
 * "the city at (1,-1) N" from the words `(X,Y)` and `TYPE:PORT` of an event.
 * @param {string|undefined} at @param {string|undefined} seg
 */
function feature(at, seg) {
  if (!at || !seg) return 'a feature';
  const [type, port] = seg.split(':');
  return `the ${FEATURE[type] ?? type} at ${at}${type === 'cloister' ? '' : ' ' + port}`;
}

/** Why points were scored: the REASON of a `score` or `bank` event and its feature. @param {string} reason @param {string} f */
function because(reason, f) {
  switch (reason) {
    case 'completed': return `for completing ${f}`;
    case 'modifier': return `for completing ${f}, with a scoring modifier`;
    case 'final': return `at the end for the unfinished ${f.slice(4)}`;
    case 'field': return `at the end for ${f} (3 per completed city)`;
    case 'field_bonus': return `more for ${f} (field bonus card)`;
    case 'road_sweeper': return `for ${f} (${cardName('road_sweeper')})`;
    case 'cash_out': return `cashing out of ${f} (${cardName('cash_out')})`;
    case 'score_card': return `for ${f}, scored now by a card`;
    case 'score_three': return `(${cardName('score_three')})`;
    case 'supply_bonus': return `for the followers in supply (${cardName('supply_bonus')})`;
    case 'gifts': return 'for unopened gifts';
    default: return `(${reason})`;
  }
}

/** One event in words; `names` are the seats' display names. @param {string} ev @param {string[]} names */
export function eventWords(ev, names) {
  const w = ev.split(' ');
  const s = Number(w[1]);
  switch (w[0]) {
    case 'draw': return `Tile ${w[1]} drawn.`;
    case 'remove': return `Tile ${w[1]} fits nowhere and leaves the game.`;
    case 'return': return `Tile ${w[1]} goes back into the stack.`;
    case 'place': return `${who(s, names)} places tile ${w[2]} at ${w[3]}.`;
    case 'follower': return `${who(s, names)} puts a follower on ${feature(w[2], w[3])}.`;
    case 'score': return `${who(s, names)} scores ${w[2]} ${because(w[3], feature(w[4], w[5]))}.`;
    case 'bank': return `${who(s, names)} banks ${w[2]} for completing the locked ${feature(w[4], w[5]).slice(4)}, paid at the end.`;
    case 'paid': return `${who(s, names)} is paid ${w[2]} banked points.`;
    case 'token': return `${who(s, names)} puts a tie-break token on ${feature(w[2], w[3])}.`;
    case 'lock': return `${who(s, names)} locks ${feature(w[2], w[3])}.`;
    case 'back': return `${who(s, names)}'s follower on ${feature(w[2], w[3])} returns to the supply.`;
    case 'gift': return w[2] === '?' ? `${who(s, names)} receives a gift.` : `${who(s, names)} receives the gift ${cardName(w[2])}.`;
    case 'card': return w[2] === '?' ? `${who(s, names)} takes a Christmas card into hand.` : `${who(s, names)} draws ${cardName(w[2])}.`;
    case 'play': return `${who(s, names)} plays ${cardName(w[2])}.`;
    case 'discard': return `${cardName(w[1])} is discarded.`;
    case 'over': return 'The game is over.';
    default: return ev;
  }
}

/** A move in words, for the confirm line (`names` as above, `seat` who makes it). @param {string} move */
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
