// Undo by agreement on the game page (issue 32, docs/WEB.md "Undo by agreement"): the button
// that asks to take this seat's last move back, shown while the game's last move is the one this
// page sent and it showed nothing hidden; the request shown to every other seat, with "Accept"
// and "Refuse" for those who answer; and what became of it, told as a notice. The server decides
// (docs/SERVER.md): the button only saves a refusal the page can foresee.
import { SEAT_NAMES } from './seats.js';

/** @typedef {import('./types.js').UndoFrame} UndoFrame */
/** @typedef {import('./types.js').StateFrame} StateFrame */
/** @typedef {import('./types.js').ClientMessage} ClientMessage */

/** Events that show something hidden (a tile or card drawn, set aside, removed, put back, played): a move with one cannot be taken back. */
const REVEALS = /^(draw|remove|return|gift|card|play|discard|aside) /;

/** A seat's name in sentences. @param {number} seat */
const nameOf = (seat) => SEAT_NAMES[seat] ?? `Seat ${seat}`;

/** Seats in words: "Blue", "Blue and Green". @param {number[]} seats */
const seatList = (seats) => seats.map(nameOf).join(seats.length === 2 ? ' and ' : ', ');

export class Undo {
  /**
   * @param {HTMLButtonElement} button "Undo my last move"
   * @param {HTMLElement} box where a request is shown
   * @param {(msg: ClientMessage) => boolean} send
   * @param {() => number} seat this page's seat (-1: a spectator)
   * @param {(text: string, kind: string) => void} tell a notice over the board
   */
  constructor(button, box, send, seat, tell) {
    this.button = button;
    this.box = box;
    this.send = send;
    this.seat = seat;
    this.tell = tell;
    this.mine = -1;  // the index after this page's last move (-1: none since it opened)
    /** @type {StateFrame|null} */
    this.frame = null;
    /** @type {UndoFrame|null} */
    this.request = null;
    this.timer = 0;
    button.addEventListener('click', () => {
      if (!this.frame || !this.send({ type: 'undo', index: this.frame.index })) return;
      button.disabled = true;
      button.textContent = 'Asking…';
    });
  }

  /** This page sent a move for the decision at `index`. @param {number} index */
  sent(index) {
    this.mine = index + 1;
  }

  /** A state frame: the button follows. @param {StateFrame} f */
  state(f) {
    this.frame = f;
    if (this.request && this.request.index !== f.index) this.show(null);
    this.renderButton();
  }

  renderButton() {
    const f = this.frame;
    const can = !!f && this.seat() >= 0 && !f.over && f.index === this.mine && !this.request &&
      !(f.events ?? []).some((e) => REVEALS.test(e));
    this.button.hidden = !can;
    this.button.disabled = false;
    this.button.textContent = 'Undo my last move';
  }

  /** An undo frame from the server. @param {UndoFrame} f */
  update(f) {
    const me = this.seat(), asker = f.seat === me ? 'you' : nameOf(f.seat);
    if (f.status === 'asked') {
      this.show(f);
      return;
    }
    this.show(null);
    if (f.status === 'done') this.tell(f.seat === me ? 'You took back your last move: everyone agreed.' : `${asker} took back their last move: everyone agreed.`, 'info');
    else if (f.status === 'refused') this.tell(f.seat === me ? `${nameOf(f.by ?? -1)} refused your undo: your move stands.` : `${f.by === me ? 'You' : nameOf(f.by ?? -1)} refused to take back ${asker}'s last move.`, 'info');
    else if (f.status === 'lapsed') this.tell(`Not everyone answered in time: ${f.seat === me ? 'your' : `${asker}'s`} move stands.`, 'info');
    else if (f.status === 'moved') this.tell('The game moved on: the undo request ended.', 'info');
    else this.tell('The move could not be taken back: the game goes on as it was.', 'error');
    this.renderButton();
  }

  /** Shows a request being asked (null: none). @param {UndoFrame|null} f */
  show(f) {
    this.request = f;
    clearInterval(this.timer);
    this.box.replaceChildren();
    this.box.hidden = !f;
    this.renderButton();
    if (!f) return;
    const me = this.seat();
    const at = performance.now();
    const h = document.createElement('h2');
    h.textContent = 'Undo asked';
    const p = document.createElement('p');
    const left = document.createElement('p');
    left.className = 'note';
    const tick = () => { left.textContent = `${Math.max(0, Math.ceil(((f.left ?? 0) - (performance.now() - at)) / 1000))} s left to answer.`; };
    tick();
    this.timer = window.setInterval(tick, 500);
    const waiting = f.waiting ?? [];
    this.box.append(h, p);
    if (f.seat === me) {
      p.textContent = `You asked to take back your last move: waiting for ${seatList(waiting)}.`;
    } else {
      p.textContent = `${nameOf(f.seat)} asks to take back their last move (no tile or card was drawn since).` +
        (waiting.includes(me) ? ' Do you agree?' : ` Waiting for ${seatList(waiting)}.`);
    }
    if (waiting.includes(me)) {
      const buttons = document.createElement('div');
      buttons.className = 'buttons';
      for (const [key, text, accept] of /** @type {[string, string, boolean][]} */ ([['undo-yes', 'Accept', true], ['undo-no', 'Refuse', false]])) {
        const b = document.createElement('button');
        b.dataset.key = key;
        b.textContent = text;
        b.onclick = () => { if (this.send({ type: 'undo_answer', index: f.index, accept })) { b.disabled = true; } };
        buttons.append(b);
      }
      this.box.append(buttons);
    }
    this.box.append(left);
  }
}

/** A refused undo in players' words, or null if the message is no undo's. @param {string} message */
export function undoRefusal(message) {
  if (/showed a tile or card/.test(message)) return 'Your last move showed a tile or card nobody had seen: it cannot be taken back.';
  if (/nothing to undo|stale undo/.test(message)) return 'Only your own last move can be taken back, before anyone else moves.';
  if (/computer player is deciding/.test(message)) return 'A computer player is deciding already: too late to undo.';
  if (/undo is asked already/.test(message)) return 'An undo is being asked already: wait for the answers.';
  if (/no undo is asked/.test(message)) return 'That undo request is over already.';
  if (/cannot take moves back/.test(message)) return 'This server cannot take moves back.';
  return null;
}
