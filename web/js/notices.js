// "Say what just happened, where the player looks" (issue 21): after each move, short notices
// over the board for a few seconds, with the reason in players' words ("Blue extended Red's
// road: Blue receives a gift"), and points rising from the feature that scored. They read only
// the frame's events (a seat's own, hidden cards as "?") and the view before and after, so a
// notice never tells more than the log.
import { cardName, CARDS } from './cards.js';
import { holders } from './features.js';
import { eventWords } from './words.js';
import { seatName } from './seats.js';
import { list, t } from './i18n.js';

/** @typedef {import('./types.js').View} View */
/** @typedef {{text: string, kind: string}} Notice */
/** Where points rose from: a segment and the points. @typedef {{x: number, y: number, port: string, points: number, seat: number}} Rise */

/** The deck a card id belongs to: `cloister`, `roadside`, or '' when unknown. @param {string} id */
function deckOf(id) {
  const d = CARDS[id]?.deck;
  return d === 'cloister' || d === 'roadside' ? d : '';
}

/** The figures a notice names (`your.FIGURE`, `whose.FIGURE`); any other word is a follower. @param {string|undefined} fig */
const figure = (fig) => (fig && ['large', 'abbot', 'builder', 'pig', 'mayor', 'wagon'].includes(fig) ? fig : 'meeple');

/**
 * The notices and rising points of one move: `events` of the frame, `before` the view the
 * move was made in (null when unknown), `after` the new view, `names` the seats' names, `me`
 * the page's seat (its own moves are told as "you", the catalogue's `KEY.you`; -1 for a
 * spectator).
 * @param {string[]} events @param {View|null} before @param {View} after @param {string[]} names @param {number} [me]
 * @returns {{notices: Notice[], rises: Rise[]}}
 */
export function explain(events, before, after, names, me = -1) {
  /** @type {Notice[]} */
  const notices = [];
  /** @type {Rise[]} */
  const rises = [];
  const name = (/** @type {string|number} */ s) => names[Number(s)] ?? seatName(Number(s));
  /**
   * A notice about seat `s` doing something: the key's text, or its `.you` form for the page's
   * own seat. @param {string} key @param {string|number} s @param {Record<string, string|number>} [more]
   */
  const about = (key, s, more = {}) => t(Number(s) === me ? `${key}.you` : key, { seat: name(s), ...more });
  /** "Blue's large meeple", "your follower" (German's accusative). @param {string} s @param {string|undefined} fig */
  const follower = (s, fig) => (Number(s) === me ? t(`your.${figure(fig)}`) : t(`whose.${figure(fig)}`, { seat: name(s) }));
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
        if (eating) notices.push({ text: t('notice.eaten', { whose: follower(w[1], w[4]) }), kind: 'dragon' });
        break;
      }
      case 'aside': notices.push({ text: about('notice.aside', w[1]), kind: 'tile' }); break;
      case 'fairy': case 'floor': notices.push({ text: eventWords(events[i], names, me), kind: w[0] }); break;
      case 'capture': {
        const own = w[1] === w[2];
        notices.push({ text: own ? about('notice.capture_own', w[1], { figure: t(`figure.noun.${figure(w[5])}`) })
          : about('notice.capture', w[1], { whose: follower(w[2], w[5]) }), kind: 'capture' });
        break;
      }
      case 'freed': {
        notices.push({ text: ransom ? about('notice.ransom', w[1], { figure: t(`figure.noun.${figure(w[3])}`), from: Number(w[2]) === me ? t('notice.you') : name(w[2]) })
          : about('notice.exchange', w[2], { whose: follower(w[1], w[3]) }), kind: 'capture' });
        break;
      }
      case 'gift': {
        notices.push({ text: about('notice.gift', w[1], { reason: giftReason(w[1], events, after, name, me) }), kind: 'gift' });
        break;
      }
      case 'card': {
        const id = w[2];
        // drawn, then discarded with nothing done: wasted. A card that scored or was played
        // on its way (Three Points: `score 0 3 score_three`, then its discard) was not (issue 32)
        const gone = events.indexOf(`discard ${id}`, i + 1);
        const wasted = id !== '?' && gone > i && !events.slice(i + 1, gone).some((e) => e.split(' ').includes(id));
        const d = id !== '?' ? deckOf(id) : before?.christmas?.offered ?? '';
        const deck = t(d === 'cloister' || d === 'roadside' ? `notice.deck.${d}` : 'notice.deck');
        const why = d === 'cloister' || d === 'roadside' ? ` ${t(`notice.deck_why.${d}`)}` : '';
        if (id === '?') notices.push({ text: about('notice.card_hidden', w[1], { deck, why }), kind: 'card' });
        else if (wasted) notices.push({ text: about('notice.card_wasted', w[1], { card: cardName(id), deck }), kind: 'wasted' });
        else notices.push({ text: about('notice.card', w[1], { card: cardName(id), deck, why }), kind: 'card' });
        break;
      }
      case 'play': {
        const id = w[2];
        if (id === 'prevent_attack') notices.push({ text: about('notice.blocks', w[1]), kind: 'blocked' });
        else notices.push({ text: about('notice.plays', w[1], { card: cardName(id) }), kind: 'card' });
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
        notices.push({ text: about(last ? 'notice.abbey.final' : 'notice.abbey', w[1]), kind: 'abbey' });
        break;
      }
      case 'follower': {
        const fig = w[w.length - 1];
        const type = (/ (\w+):\w+/.exec(events[i]) ?? [])[1] ?? '';
        if (fig === 'wagon' && before?.pending?.decision === 'wagon') notices.push({ text: about('notice.wagon', w[1], { at: t(`notice.wagon.to.${['road', 'city', 'cloister'].includes(type) ? type : 'other'}`) }), kind: 'wagon' });
        if (fig === 'barn') notices.push({ text: about('notice.barn', w[1]), kind: 'barn' });
        break;
      }
      case 'remove': notices.push({ text: eventWords(events[i], names, me), kind: 'tile' }); break;
      case 'goods': notices.push({ text: eventWords(events[i], names, me), kind: 'goods' }); break;
      // due, not yet taken: the player may still decline it (and an empty stack gives none)
      case 'double': notices.push({ text: about('notice.double', w[1]), kind: 'double' }); break;
      case 'lock': case 'token': case 'paid': case 'over': notices.push({ text: eventWords(events[i], names, me), kind: w[0] }); break;
      default: break;
    }
  }
  // a Mastermind spot that lapsed: the position it bound is gone and no tile went there
  for (const b of before?.christmas?.binds ?? []) {
    const still = (after.christmas?.binds ?? []).some((a) => a.x === b.x && a.y === b.y);
    const filled = after.board.some((tile) => tile.x === b.x && tile.y === b.y);
    if (!still && !filled && events.some((e) => e.startsWith('place '))) {
      notices.push({ text: t('notice.mastermind'), kind: 'wasted' });
    }
  }
  return { notices, rises };
}

/**
 * Why the seat received a gift: the road or city of the tile it placed that another player
 * leads ("Blue extended Red's road"). From this move's scorings (a completed feature's
 * followers have gone home) or the features of the view after it.
 * @param {string} seat @param {string[]} events @param {View} after @param {(s: string|number) => string} name @param {number} me
 */
function giftReason(seat, events, after, name, me) {
  /** "Red's", "your": whose the feature is. @param {string|number} s */
  const owner = (s) => (Number(s) === me ? t('notice.poss.you') : t('notice.poss', { seat: name(s) }));
  const you = Number(seat) === me ? '.you' : '';
  const place = events.map((e) => /^place (\d) \S+ \((-?\d+),(-?\d+)\)/.exec(e)).find((m) => m);
  const px = place ? Number(place[2]) : NaN, py = place ? Number(place[3]) : NaN;
  // completed by this tile and scored for others
  const scored = events.map((e) => /^score (\d) \d+ completed \((-?\d+),(-?\d+)\) (road|city):/.exec(e)).find((m) => m && m[1] !== seat);
  if (scored) return t(`notice.gift.completed${you}`, { seat: name(seat), owners: owner(scored[1]), type: t(`notice.type.${scored[4]}`) });
  const f = (after.features ?? []).find((x) => (x.type === 'road' || x.type === 'city') && x.segments.some((s) => s[0] === px && s[1] === py) && x.followers.some((n) => n > 0) && !holders(x).includes(Number(seat)));
  if (f) return t(`notice.gift.extended${you}`, { seat: name(seat), owners: list(holders(f).map(owner)), type: t(`notice.type.${f.type}`) });
  return t(`notice.gift.other${you}`, { seat: name(seat) });
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
