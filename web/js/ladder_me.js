// The browser's ladder name (issue 32): chosen once with POST /api/players, kept with its
// secret in localStorage (no e-mail, no account: whoever holds the secret plays under the
// name). The lobby shows it, or a box to choose one, and the "open to the ladder" box.

import { t } from './i18n.js';

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
    if (!res.ok || 'error' in data) return apiError(res.status, 'error' in data ? data.error : '', 'ladder');
    localStorage.setItem(KEY, JSON.stringify({ name: data.name, secret: data.secret }));
    return null;
  } catch (err) {
    return t('common.no_answer');
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
    box.append(t('ladder_me.name'), ' ', strong, ' ', t('ladder_me.kept'), ' ');
    const a = document.createElement('a');
    a.href = `/ladder.html#${encodeURIComponent(me.name)}`;
    a.textContent = t('ladder_me.games');
    box.append(a);
    return;
  }
  const input = document.createElement('input');
  input.id = 'ladder-name';
  input.maxLength = 20;
  input.placeholder = t('ladder_me.placeholder');
  input.setAttribute('aria-label', t('ladder_me.aria'));
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'ladder-choose';
  button.textContent = t('ladder_me.choose');
  const note = document.createElement('span');
  note.className = 'error';
  note.id = 'ladder-error';
  button.onclick = async () => {
    const err = await chooseName(input.value.trim());
    if (err) note.textContent = err;
    else renderLadderMe();
  };
  box.append(t('ladder_me.ask'), ' ', input, ' ', button, ' ', note);
}

/** Why a ladder game cannot be created from this lobby (its box ticked, no name chosen), or ''. */
export function ladderRefusal() {
  return ladderChosen() && !ladderMe() ? t('ladder_me.first') : '';
}

/** Whether the lobby's "open to the ladder" box is ticked. */
export function ladderChosen() {
  const b = /** @type {HTMLInputElement|null} */ (el('ladder-open'));
  return !!b?.checked;
}

/**
 * A refusal of the server's JSON API in the page's language: the server's own words are for
 * developers and scripts (English, docs/SERVER.md), so the page says what the status means
 * for what it asked (`what`: "ladder" for a name, else a game), from the status and, for a
 * name refused, whether the server said it is a computer's. @param {number} status
 * @param {string} message @param {string} [what]
 */
export function apiError(status, message, what = 'game') {
  if (what === 'ladder' && status === 409) return t('api.name_taken');
  if (what === 'ladder' && status === 400) return t(/computer player/.test(message) ? 'api.name_computer' : 'api.name_bad');
  if (status === 429) return t('api.too_many');
  if (status === 413 || status === 400) return t('api.bad_request');
  if (status >= 500) return t('api.server_error');
  return t('api.status', { n: status });
}
