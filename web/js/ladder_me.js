// The browser's ladder name (issue 32): chosen once with POST /api/players, kept with its
// secret in localStorage (no e-mail, no account: whoever holds the secret plays under the
// name). The lobby shows it, or a box to choose one, and the "open to the ladder" box.

/** @typedef {import('./types.js').ApiError} ApiError */
/** A name and its secret, as POST /api/players answered. @typedef {{name: string, secret: string}} LadderMe */

const KEY = 'carc.ladder';

/** This browser's ladder name, or null. @returns {LadderMe|null} */
export function ladderMe() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return v && typeof v.name === 'string' && typeof v.secret === 'string' ? { name: v.name, secret: v.secret } : null;
  } catch {
    return null;
  }
}

/** Chooses a name: kept if the server made it, else its error. @param {string} name @returns {Promise<string|null>} */
export async function chooseName(name) {
  try {
    const res = await fetch('/api/players', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    /** @type {LadderMe|ApiError} */
    const data = await res.json();
    if (!res.ok || 'error' in data) return 'error' in data ? data.error : `error ${res.status}`;
    localStorage.setItem(KEY, JSON.stringify({ name: data.name, secret: data.secret }));
    return null;
  } catch (err) {
    return `The server did not answer: ${err}`;
  }
}

/** An element of the page by id, or null. @param {string} id */
const el = (id) => document.getElementById(id);

/** The lobby's "your ladder name" line: the name, or a form to choose one. */
export function renderLadderMe() {
  const box = el('ladder-me');
  if (!box) return;
  const me = ladderMe();
  box.replaceChildren();
  if (me) {
    const strong = document.createElement('strong');
    strong.textContent = me.name;
    box.append('Your ladder name: ', strong, ' (kept in this browser). ');
    const a = document.createElement('a');
    a.href = `/ladder.html#${encodeURIComponent(me.name)}`;
    a.textContent = 'Your games';
    box.append(a);
    return;
  }
  const input = document.createElement('input');
  input.id = 'ladder-name';
  input.maxLength = 20;
  input.placeholder = '2 to 20 letters, digits, _ or -';
  input.setAttribute('aria-label', 'Your ladder name');
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'ladder-choose';
  button.textContent = 'Choose this name';
  const note = document.createElement('span');
  note.className = 'error';
  note.id = 'ladder-error';
  button.onclick = async () => {
    const err = await chooseName(input.value.trim());
    if (err) note.textContent = err;
    else renderLadderMe();
  };
  box.append('Choose a ladder name to be rated in ladder games (once; kept in this browser, no e-mail): ', input, ' ', button, ' ', note);
}

/** Why a ladder game cannot be created from this lobby (its box ticked, no name chosen), or ''. */
export function ladderRefusal() {
  return ladderChosen() && !ladderMe() ? 'Choose your ladder name first: a ladder game is rated only when every person\'s seat is signed.' : '';
}

/** Whether the lobby's "open to the ladder" box is ticked. */
export function ladderChosen() {
  const b = /** @type {HTMLInputElement|null} */ (el('ladder-open'));
  return !!b?.checked;
}
