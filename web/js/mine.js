// "My games": the seats this browser has opened or created, kept in localStorage so that a
// link is never lost (issue 21). The lobby lists them with whose turn it is; the game page
// adds its seat when it opens. Nothing leaves the browser.

/**
 * One remembered seat: `own` false for a link the creator made for a friend (the lobby
 * remembers every seat it created; issue 32 marks which is the player's).
 * @typedef {{id: string, seat: number, url: string, at: number, own?: boolean}} MyGame
 */

const KEY = 'carc.mygames';

/** The remembered seats, newest first. @returns {MyGame[]} */
export function myGames() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((g) => g && typeof g.id === 'string' && typeof g.url === 'string' && typeof g.seat === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Remembers a seat (or refreshes when it was last seen); `own` false for a friend's link.
 * A seat once opened here stays this browser's own.
 * @param {string} id @param {number} seat @param {string} url @param {boolean} [own]
 */
export function rememberGame(id, seat, url, own = true) {
  try {
    const all = myGames();
    const was = all.find((g) => g.id === id && g.seat === seat);
    const list = all.filter((g) => g !== was);
    list.unshift({ id, seat, url, at: Date.now(), own: own || was?.own === true });
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 50)));
  } catch { /* storage refused (private mode): nothing remembered */ }
}

/** Forgets one seat. @param {string} id @param {number} seat */
export function forgetGame(id, seat) {
  try {
    localStorage.setItem(KEY, JSON.stringify(myGames().filter((g) => !(g.id === id && g.seat === seat))));
  } catch { /* nothing to do */ }
}
