// "My games": the seats this browser has opened or created, kept in localStorage so that a
// link is never lost (issue 21). The lobby lists them with whose turn it is; the game page
// adds its seat when it opens. Nothing leaves the browser.

/** One remembered seat. @typedef {{id: string, seat: number, url: string, at: number}} MyGame */

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

/** Remembers a seat (or refreshes when it was last seen). @param {string} id @param {number} seat @param {string} url */
export function rememberGame(id, seat, url) {
  try {
    const list = myGames().filter((g) => !(g.id === id && g.seat === seat));
    list.unshift({ id, seat, url, at: Date.now() });
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 50)));
  } catch { /* storage refused (private mode): nothing remembered */ }
}

/** Forgets one seat. @param {string} id @param {number} seat */
export function forgetGame(id, seat) {
  try {
    localStorage.setItem(KEY, JSON.stringify(myGames().filter((g) => !(g.id === id && g.seat === seat))));
  } catch { /* nothing to do */ }
}
