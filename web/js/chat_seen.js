// Unread chat (issue 32, the phone): the others' messages that came while the chat panel was
// out of sight are counted on the bar's Chat button and on the panel's title, until the panel is
// seen (on screen, the tab shown); the button brings the panel into view, wherever the page is
// scrolled (on a phone the side panels are below the board, a few screens long; with messages
// unread the button floats at the screen's corner there: style.css, .has-unread).
import { t } from './i18n.js';
export class ChatSeen {
  /**
   * @param {HTMLElement} panel the chat panel
   * @param {HTMLButtonElement} jump the bar's Chat button
   * @param {HTMLElement[]} marks where the count is shown (the button's badge, the panel's)
   */
  constructor(panel, jump, marks) {
    this.panel = panel;
    this.jump = jump;
    this.marks = marks;
    this.unread = 0;
    this.inView = false;
    jump.addEventListener('click', () => {
      panel.scrollIntoView({ block: 'center' });
      const input = panel.querySelector('input');
      if (input instanceof HTMLInputElement) input.focus({ preventScroll: true });
      this.seen();
    });
    new IntersectionObserver((entries) => {
      this.inView = entries.some((e) => e.isIntersecting);
      if (this.inView) this.seen();
    }, { threshold: 0.5 }).observe(panel);
    document.addEventListener('visibilitychange', () => { if (this.inView) this.seen(); });
  }

  /** A message came: counted unless it is the page's own or the chat is in sight. @param {boolean} own */
  arrived(own) {
    if (own || (this.inView && document.visibilityState === 'visible')) return;
    this.unread++;
    this.render();
  }

  /** The chat was seen: nothing unread. */
  seen() {
    if (document.visibilityState !== 'visible') return;
    this.unread = 0;
    this.render();
  }

  render() {
    for (const m of this.marks) {
      m.hidden = this.unread === 0;
      m.textContent = this.unread > 99 ? '99+' : String(this.unread);
      m.title = t('chat.unread', { n: this.unread });
    }
    this.panel.classList.toggle('unread', this.unread > 0);
    this.jump.classList.toggle('has-unread', this.unread > 0);
  }
}
