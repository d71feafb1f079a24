// The clocks and absent seats of a game page (issue 32): every seat's time left, the one that
// runs ticking here between the server's clock frames (the server keeps the deadlines and is
// the authority: each frame resets what is shown), the seats a computer plays, and the two
// buttons: "Take my seat back" for the owner of such a seat, and the vote that hands a seat
// absent at its turn to a computer player (docs/WEB.md, "Clocks and absent players").
import { seatName, swatchHtml } from './seats.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').ClockFrame} ClockFrame */
/** @typedef {import('./types.js').ClientMessage} ClientMessage */

/** Milliseconds as the clock shows them: "4:05", "1:02:03", "2 d 03:00:00" (hours and days for turn-based games). @param {number} ms */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(s / 86400), h = Math.floor(s / 3600) % 24, m = Math.floor(s / 60) % 60, sec = s % 60;
  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (d) return t('clock.days', { d, time: `${two(h)}:${two(m)}:${two(sec)}` });
  if (h) return `${h}:${two(m)}:${two(sec)}`;
  return `${m}:${two(sec)}`;
}

/** A duration in words: "3 min", "10 s", "24 h", "1 min 30 s". @param {number} ms */
export function durationWords(ms) {
  const s = Math.round(ms / 1000);
  if (s >= 3600 && s % 3600 === 0) return t('clock.h', { n: s / 3600 });
  if (s >= 60) return s % 60 ? t('clock.min_s', { min: Math.floor(s / 60), s: s % 60 }) : t('clock.min', { n: s / 60 });
  return t('clock.s', { n: s });
}

export class Clocks {
  /**
   * @param {HTMLElement} el the panel
   * @param {(msg: ClientMessage) => boolean} send
   * @param {() => number} seat this page's seat (-1: a spectator)
   * @param {() => string[]} players the seats' players ("human", "greedy"...)
   * @param {() => void} changed called when this seat is handed over or taken back (the decision box follows)
   */
  constructor(el, send, seat, players, changed) {
    this.el = el;
    this.send = send;
    this.seat = seat;
    this.players = players;
    this.changed = changed;
    /** @type {ClockFrame|null} */
    this.frame = null;
    this.at = 0;  // performance.now() when the frame came
    this.timer = 0;
  }

  /** True when a computer player plays this seat for now. @param {number} seat */
  away(seat) {
    return !!this.frame && seat >= 0 && this.frame.away.includes(seat);
  }

  /** A clock frame from the server. @param {ClockFrame} f */
  update(f) {
    const before = this.away(this.seat());
    this.frame = f;
    this.at = performance.now();
    this.render();
    clearInterval(this.timer);
    if (f.running >= 0 || f.absent >= 0) this.timer = window.setInterval(() => this.tick(), 250);
    if (before !== this.away(this.seat())) this.changed();
  }

  /** The running clock and nothing else, four times a second. */
  tick() {
    const f = this.frame;
    if (!f || f.running < 0) return;
    const cell = this.el.querySelector(`[data-clock-seat="${f.running}"] .clock-left`);
    if (cell) cell.textContent = clockText(f.left[f.running] - (performance.now() - this.at));
  }

  render() {
    const f = this.frame, el = this.el;
    if (!f || (f.kind === 'none' && !f.away.length && f.absent < 0)) { el.hidden = true; el.replaceChildren(); return; }
    el.hidden = false;
    const me = this.seat(), players = this.players();
    const rules = f.kind === 'realtime'
      ? t('clock.realtime', { start: durationWords(f.start), move: durationWords(f.move) })
      : f.kind === 'turn' ? t('clock.turn', { move: durationWords(f.move) }) : '';
    el.replaceChildren();
    const h = document.createElement('h2');
    h.textContent = t(f.kind === 'none' ? 'clock.absent_title' : 'clock.title');
    el.append(h);
    if (rules) {
      const p = document.createElement('p');
      p.className = 'note clock-rules';
      p.textContent = `${rules} ${t('clock.runs_out')}`;
      el.append(p);
    }
    const ul = document.createElement('ul');
    ul.className = 'clocks';
    const n = f.left.length;
    for (let s = 0; s < n; s++) {
      const li = document.createElement('li');
      li.dataset.clockSeat = String(s);
      li.className = s === f.running ? 'running' : '';
      const who = s === me ? t('game.you_after', { seat: seatName(s) }) : seatName(s);
      const human = (players[s] ?? 'human') === 'human';
      let state = '';
      if (f.away.includes(s)) state = t('clock.state.away');
      else if (s === f.running) state = t('clock.state.thinking');
      else if (!human) state = t('clock.state.computer');
      li.innerHTML = `${swatchHtml(s)} <span class="clock-who"></span> <span class="clock-left"></span> <span class="clock-state note"></span>`;
      /** @type {HTMLElement} */ (li.querySelector('.clock-who')).textContent = who;
      /** @type {HTMLElement} */ (li.querySelector('.clock-left')).textContent = f.kind === 'none' || !human ? '' : clockText(f.left[s] - (s === f.running ? performance.now() - this.at : 0));
      /** @type {HTMLElement} */ (li.querySelector('.clock-state')).textContent = state;
      ul.append(li);
    }
    el.append(ul);
    if (this.away(me)) {
      const p = document.createElement('p');
      p.className = 'clock-away';
      p.textContent = t(f.kind !== 'none' && f.left[me] === 0 ? 'clock.away.time' : 'clock.away.vote');
      const b = document.createElement('button');
      b.dataset.key = 'back';
      b.textContent = t('clock.back');
      b.onclick = () => { if (this.send({ type: 'back' })) b.disabled = true; };
      p.append(' ', b);
      el.append(p);
    }
    if (f.absent >= 0 && me >= 0 && me !== f.absent && !this.away(me)) {
      const name = seatName(f.absent);
      const voters = players.map((p, s) => s).filter((s) => s !== f.absent && (players[s] ?? 'human') === 'human' && !f.away.includes(s));
      const p = document.createElement('p');
      p.className = 'clock-vote';
      p.textContent = t('clock.vote', { seat: name, after: durationWords(f.absent_after), votes: f.votes.length, n: voters.length });
      if (f.votes.includes(me)) {
        p.append(` ${t('clock.agreed')}`);
      } else {
        const b = document.createElement('button');
        b.dataset.key = 'vote';
        b.textContent = t('clock.hand', { seat: name });
        b.onclick = () => { if (this.send({ type: 'vote', seat: f.absent })) b.disabled = true; };
        p.append(' ', b);
      }
      el.append(p);
    }
  }
}
