// Undo by agreement on the game page (issue 32, docs/WEB.md "Undo by agreement"): the button
// that asks to take this seat's last move back, shown while the game's last move is the one this
// page sent and it showed nothing hidden; the request shown to every other seat, with "Accept"
// and "Refuse" for those who answer; and what became of it, told as a notice. The server decides
// (docs/SERVER.md): the button only saves a refusal the page can foresee.
import { seatName } from './seats.js';
import { list, t } from './i18n.js';

/** @typedef {import('./types.js').UndoFrame} UndoFrame */
/** @typedef {import('./types.js').StateFrame} StateFrame */
/** @typedef {import('./types.js').ClientMessage} ClientMessage */

/** Events that show something hidden (a tile or card drawn, set aside, removed, put back, played): a move with one cannot be taken back. */
const REVEALS = /^(draw|remove|return|gift|card|play|discard|aside) /;

/** A seat's name in sentences. @param {number} seat */
const nameOf = (seat) => seatName(seat);

/** Seats in words: "Blue", "Blue and Green". @param {number[]} seats */
const seatList = (seats) => list(seats.map(nameOf));

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
      button.textContent = t('undo.asking');
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
    this.button.textContent = t('undo.button');
  }

  /** An undo frame from the server. @param {UndoFrame} f */
  update(f) {
    const me = this.seat(), asker = nameOf(f.seat);
    if (f.status === 'asked') {
      this.show(f);
      return;
    }
    this.show(null);
    if (f.status === 'done') this.tell(t(f.seat === me ? 'undo.done.you' : 'undo.done', { seat: asker }), 'info');
    else if (f.status === 'refused') this.tell(t(f.seat === me ? 'undo.refused.yours' : f.by === me ? 'undo.refused.by_you' : 'undo.refused', { by: nameOf(f.by ?? -1), seat: asker }), 'info');
    else if (f.status === 'lapsed') this.tell(t(f.seat === me ? 'undo.lapsed.you' : 'undo.lapsed', { seat: asker }), 'info');
    else if (f.status === 'moved') this.tell(t('undo.moved'), 'info');
    else this.tell(t('undo.failed'), 'error');
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
    h.textContent = t('undo.asked');
    const p = document.createElement('p');
    const left = document.createElement('p');
    left.className = 'note';
    const tick = () => { left.textContent = t('undo.left', { n: Math.max(0, Math.ceil(((f.left ?? 0) - (performance.now() - at)) / 1000)) }); };
    tick();
    this.timer = window.setInterval(tick, 500);
    const waiting = f.waiting ?? [];
    this.box.append(h, p);
    if (f.seat === me) {
      p.textContent = t('undo.you_asked', { list: seatList(waiting) });
    } else {
      p.textContent = `${t('undo.asks', { seat: nameOf(f.seat) })} ${waiting.includes(me) ? t('undo.agree') : t('undo.waiting', { list: seatList(waiting) })}`;
    }
    if (waiting.includes(me)) {
      const buttons = document.createElement('div');
      buttons.className = 'buttons';
      for (const [key, text, accept] of /** @type {[string, string, boolean][]} */ ([['undo-yes', t('undo.accept'), true], ['undo-no', t('undo.refuse'), false]])) {
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
  if (/showed a tile or card/.test(message)) return t('undo.no.shown');
  if (/nothing to undo|stale undo/.test(message)) return t('undo.no.own');
  if (/computer player is deciding/.test(message)) return t('undo.no.computer');
  if (/undo is asked already/.test(message)) return t('undo.no.asked');
  if (/no undo is asked/.test(message)) return t('undo.no.over');
  if (/cannot take moves back/.test(message)) return t('undo.no.server');
  return null;
}
