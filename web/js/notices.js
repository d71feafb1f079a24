// "Say what just happened, where the player looks" (issue 21): after each move, short notices
// over the board for a few seconds, with the reason in players' words ("Blue extended Red's
// road: Blue receives a gift"), and points rising from the feature that scored. They read only
// the frame's events (a seat's own, hidden cards as "?") and the view before and after, so a
// notice never tells more than the log.
import { cardName, CARDS } from './cards.js';
import { holders } from './features.js';
import { eventWords } from './words.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {{text: string, kind: string}} Notice */
/** Where points rose from: a segment and the points. @typedef {{x: number, y: number, port: string, points: number, seat: number}} Rise */

/** The deck a card id belongs to, in words. @param {string} id */
function deckOf(id) {
  const d = CARDS[id]?.deck;
  return d === 'cloister' ? 'the Cloister deck' : d === 'roadside' ? 'the Roadside deck' : 'a deck';
}

/**
 * The notices and rising points of one move: `events` of the frame, `before` the view the
 * move was made in (null when unknown), `after` the new view, `names` the seats' names, `me`
 * the page's seat (its own moves are told as "you"; -1 for a spectator).
 * @param {string[]} events @param {View|null} before @param {View} after @param {string[]} names @param {number} [me]
 * @returns {{notices: Notice[], rises: Rise[]}}
 */
export function explain(events, before, after, names, me = -1) {
  /** @type {Notice[]} */
  const notices = [];
  /** @type {Rise[]} */
  const rises = [];
  const name = (/** @type {string|number} */ s) => (Number(s) === me ? 'You' : names[Number(s)] ?? `Seat ${s}`);
  /** The seat doing something: "Blue draws", "You draw". @param {string} s @param {string} verb the third person's */
  const does = (s, verb) => (Number(s) === me ? `You ${verb.replace(/s$/, '')}` : `${name(s)} ${verb}`);
  /** the seat whose follower a figure word names: "Blue's large meeple", "your follower" @param {string} s @param {string|undefined} fig */
  const follower = (s, fig) => `${Number(s) === me ? 'your' : `${name(s)}'s`} ${fig === 'large' ? 'large meeple' : fig && ['abbot', 'builder', 'pig', 'mayor', 'wagon'].includes(fig) ? fig : 'follower'}`;
  /** "your", "their" for the seat doing it. @param {string} s */
  const their = (s) => (Number(s) === me ? 'your' : 'their');
  // the dragon's step eats what stands on the tile it enters: the figures sent back after it
  let eating = false;
  const ransom = events.some((e) => / ransom$/.test(e));
  for (let i = 0; i < events.length; i++) {
    const w = events[i].split(' ');
    if (w[0] !== 'back') eating = eating && w[0] === 'dragon';
    switch (w[0]) {
      case 'dragon': {
        eating = w[3] === 'walked';
        notices.push({ text: eventWords(events[i], names, me), kind: 'dragon' });
        break;
      }
      case 'back': {
        if (eating) notices.push({ text: `The dragon eats ${follower(w[1], w[4])}: back to the supply, without scoring.`, kind: 'dragon' });
        break;
      }
      case 'aside': notices.push({ text: `${does(w[1], 'draws')} a dragon tile while the dragon is not on the board yet: it is shown, set aside until the first volcano, and another tile is drawn.`, kind: 'tile' }); break;
      case 'fairy': case 'floor': notices.push({ text: eventWords(events[i], names, me), kind: w[0] }); break;
      case 'capture': {
        const own = w[1] === w[2];
        notices.push({ text: own ? `${does(w[1], 'takes')} ${Number(w[1]) === me ? 'your' : 'their'} own ${follower(w[2], w[5]).split(' ').slice(1).join(' ')} off the board with the tower: back to the supply.`
          : `${does(w[1], 'takes')} ${follower(w[2], w[5])} prisoner with the tower.`, kind: 'capture' });
        break;
      }
      case 'freed': {
        notices.push({ text: ransom ? `${does(w[1], 'buys')} back ${Number(w[1]) === me ? 'your' : 'their'} ${follower(w[1], w[3]).split(' ').slice(1).join(' ')} from ${name(w[2])} for 3 points (paid to ${Number(w[2]) === me ? 'you' : name(w[2])}).`
          : `Exchange of prisoners: ${follower(w[1], w[3])} held by ${Number(w[2]) === me ? 'you' : name(w[2])} comes back.`, kind: 'capture' });
        break;
      }
      case 'gift': {
        notices.push({ text: `${giftReason(w[1], events, before, after, name, me)}: ${Number(w[1]) === me ? 'you receive' : `${name(w[1])} receives`} a gift.`, kind: 'gift' });
        break;
      }
      case 'card': {
        const id = w[2];
        // drawn, then discarded with nothing done: wasted. A card that scored or was played
        // on its way (Three Points: `score 0 3 score_three`, then its discard) was not (issue 32)
        const gone = events.indexOf(`discard ${id}`, i + 1);
        const wasted = id !== '?' && gone > i && !events.slice(i + 1, gone).some((e) => e.split(' ').includes(id));
        const deck = id !== '?' ? deckOf(id) : before?.christmas?.offered ? `the ${before.christmas.offered[0].toUpperCase()}${before.christmas.offered.slice(1)} deck` : 'a Christmas deck';
        const why = deck.includes('Cloister') ? ' (a cloister with another player\'s follower is next to the tile)' : deck.includes('Roadside') ? ' (the tile shows only roads)' : '';
        if (id === '?') notices.push({ text: `${does(w[1], 'takes')} a card from ${deck} into hand${why}.`, kind: 'card' });
        else if (wasted) notices.push({ text: `${does(w[1], 'draws')} ${cardName(id)} from ${deck}: it has nothing to act on and is discarded unused.`, kind: 'wasted' });
        else notices.push({ text: `${does(w[1], 'draws')} ${cardName(id)} from ${deck}${why}.`, kind: 'card' });
        break;
      }
      case 'play': {
        const id = w[2];
        if (id === 'prevent_attack') notices.push({ text: `${does(w[1], 'blocks')} the attack with Shield: it has no effect.`, kind: 'blocked' });
        else notices.push({ text: `${does(w[1], 'plays')} ${cardName(id)}.`, kind: 'card' });
        break;
      }
      case 'score': case 'bank': {
        if (w[3] === 'ransom') break;  // told with the prisoner freed
        notices.push({ text: eventWords(events[i], names, me), kind: w[3] === 'barn' ? 'barn' : 'score' });
        const m = /\((-?\d+),(-?\d+)\) \w+:(\w+)/.exec(events[i]);
        if (m) rises.push({ x: Number(m[1]), y: Number(m[2]), port: m[3], points: Number(w[2]), seat: Number(w[1]) });
        break;
      }
      // Abbey & Mayor: an abbey placed (AM3, AM5), a wagon moving on (AM8), a barn (AM9)
      case 'place': {
        if (w[2] !== 'AM/A') break;
        const last = after.stack_left === 0 && !(after.hand_tiles ?? []).length && before?.pending?.decision === 'place' && before.stack_left === 0;
        notices.push({ text: `${does(w[1], 'places')} ${their(w[1])} abbey ${last ? 'in the final round of abbeys' : 'instead of drawing a tile'}: it closes every road, city and field it meets.`, kind: 'abbey' });
        break;
      }
      case 'follower': {
        const fig = w[w.length - 1];
        const type = (/ (\w+):\w+/.exec(events[i]) ?? [])[1] ?? '';
        if (fig === 'wagon' && before?.pending?.decision === 'wagon') notices.push({ text: `${does(w[1], 'moves')} ${their(w[1])} wagon on to a ${type} nearby.`, kind: 'wagon' });
        if (fig === 'barn') notices.push({ text: `${does(w[1], 'builds')} ${their(w[1])} barn where four fields meet: no follower may join that field from now on, and at the end it scores 4 a completed city.`, kind: 'barn' });
        break;
      }
      case 'remove': notices.push({ text: eventWords(events[i], names, me), kind: 'tile' }); break;
      case 'goods': notices.push({ text: eventWords(events[i], names, me), kind: 'goods' }); break;
      // due, not yet taken: the player may still decline it (and an empty stack gives none)
      case 'double': notices.push({ text: Number(w[1]) === me ? 'Your tile extended your builder\'s road or city: a second turn is due.' : `${name(w[1])}'s tile extended their builder's road or city: a second turn is due.`, kind: 'double' }); break;
      case 'lock': case 'token': case 'paid': case 'over': notices.push({ text: eventWords(events[i], names, me), kind: w[0] }); break;
      default: break;
    }
  }
  // a Mastermind spot that lapsed: the position it bound is gone and no tile went there
  for (const b of before?.christmas?.binds ?? []) {
    const still = (after.christmas?.binds ?? []).some((a) => a.x === b.x && a.y === b.y);
    const filled = after.board.some((t) => t.x === b.x && t.y === b.y);
    if (!still && !filled && events.some((e) => e.startsWith('place '))) {
      notices.push({ text: 'Mastermind had no effect: the tile did not fit the spot it named.', kind: 'wasted' });
    }
  }
  return { notices, rises };
}

/**
 * Why the seat received a gift: the road or city of the tile it placed that another player
 * leads. From this move's scorings (a completed feature's followers have gone home) or the
 * features of the view after it.
 * @param {string} seat @param {string[]} events @param {View|null} before @param {View} after @param {(s: string|number) => string} name @param {number} me
 */
function giftReason(seat, events, before, after, name, me) {
  /** "Red's", "your". @param {string|number} s */
  const whose = (s) => (Number(s) === me ? 'your' : `${name(s)}'s`);
  const who = name(seat);
  const place = events.map((e) => /^place (\d) \S+ \((-?\d+),(-?\d+)\)/.exec(e)).find((m) => m);
  const px = place ? Number(place[2]) : NaN, py = place ? Number(place[3]) : NaN;
  // completed by this tile and scored for others
  const scored = events.map((e) => /^score (\d) \d+ completed \((-?\d+),(-?\d+)\) (road|city):/.exec(e)).find((m) => m && m[1] !== seat);
  if (scored) return `${who} completed ${whose(scored[1])} ${scored[4]}`;
  const f = (after.features ?? []).find((x) => (x.type === 'road' || x.type === 'city') && x.segments.some((s) => s[0] === px && s[1] === py) && x.followers.some((n) => n > 0) && !holders(x).includes(Number(seat)));
  if (f) {
    return `${who} extended ${holders(f).map(whose).join(' and ')} ${f.type}`;
  }
  void before;
  return `${who} extended a road or city another player leads`;
}

/**
 * Shows notices in `box` for a few seconds each (newest last, at most 4 at once).
 * @param {HTMLElement} box @param {Notice[]} list
 */
export function showNotices(box, list) {
  for (const n of list) {
    const d = document.createElement('div');
    d.className = `notice notice-${n.kind}`;
    d.textContent = n.text;
    box.appendChild(d);
    setTimeout(() => d.classList.add('fading'), 5000);
    setTimeout(() => d.remove(), 6000);
  }
  while (box.children.length > 4) box.firstElementChild?.remove();
}
