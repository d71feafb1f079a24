// Every text a player reads comes from a message catalogue, one per language (issue 32):
// web/js/lang/en.js and de.js, each a plain object of key → text (docs/TRANSLATING.md).
// `t(key, params)` looks a key up in the page's language and fills its {placeholders};
// a text that depends on a number is an object of plural forms ({one, other}) chosen with the
// browser's Intl.PluralRules by the parameter `n`. The language is the one chosen with the
// switch in every page's bar (kept in localStorage), else the browser's first language that
// carc speaks (navigator.languages: de* → German), else English. Both catalogues are plain
// modules, loaded with the page (no fetch, no library: the pages load nothing from npm).
import EN from './lang/en.js';
import DE from './lang/de.js';

/** A catalogue's entry: a text, or its plural forms by Intl.PluralRules category. @typedef {string|Partial<Record<Intl.LDMLPluralRule, string>>} Entry */
/** @typedef {Record<string, Entry>} Catalogue */

/** The catalogues by language code. @type {Record<string, Catalogue>} */
export const CATALOGUES = { en: EN, de: DE };
/** Each language's name in itself, for the switch. @type {Record<string, string>} */
export const LANG_NAMES = { en: 'English', de: 'Deutsch' };

const KEY = 'carc.lang';

/**
 * The language to show: `saved` (the switch's choice) when carc has it, else the first of the
 * browser's languages it has ("de-AT" → "de"), else English.
 * @param {string|null} saved @param {readonly string[]} browser
 */
export function chooseLang(saved, browser) {
  if (saved && CATALOGUES[saved]) return saved;
  for (const l of browser) {
    const base = l.toLowerCase().split('-')[0];
    if (CATALOGUES[base]) return base;
  }
  return 'en';
}

/** The switch's choice kept in this browser, or null. */
function savedLang() {
  try { return localStorage.getItem(KEY); } catch { return null; }
}

/** The page's language ("en", "de"), chosen once as the page loads. */
export const LANG = chooseLang(savedLang(), typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
const CAT = CATALOGUES[LANG];
const plurals = new Intl.PluralRules(LANG);

/**
 * Fills `{name}` in `text` from `params` (a placeholder without a parameter stays as it is).
 * @param {string} text @param {Record<string, string|number>} params
 */
export function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, /** @type {string} */ name) => (params[name] === undefined ? whole : String(params[name])));
}

/**
 * One entry's text in `lang`'s plural form for `n` (a plain text whatever `n`).
 * @param {Entry} entry @param {number|undefined} n @param {Intl.PluralRules} [rules]
 */
export function pluralText(entry, n, rules = plurals) {
  if (typeof entry === 'string') return entry;
  const form = n === undefined ? 'other' : rules.select(n);
  return entry[form] ?? entry.other ?? '';
}

/**
 * The text of `key` in the page's language with its placeholders filled; the English text
 * when the language lacks it (the catalogue test makes that never happen), the key itself
 * when neither has it.
 * @param {string} key @param {Record<string, string|number>} [params]
 */
export function t(key, params = {}) {
  const entry = CAT[key] ?? EN[key];
  if (entry === undefined) return key;
  const n = params.n;
  return fill(pluralText(entry, typeof n === 'number' ? n : undefined), params);
}

/**
 * The page's language's own entry for `key` (no English fallback), unfilled: for texts whose
 * English comes from the server (words.js). @param {string} key @returns {Entry|undefined}
 */
export function raw(key) {
  return CAT[key];
}

/** Whether the catalogue has `key` (for texts looked up by a name that may be unknown). @param {string} key */
export function has(key) {
  return CAT[key] !== undefined || EN[key] !== undefined;
}

/**
 * "A, B and C" (or "A, B or C") in the page's language, by the catalogue's `words.and`,
 * `words.or` (not Intl.ListFormat: English's would add a comma before "and").
 * @param {string[]} items @param {'conjunction'|'disjunction'} [type]
 */
export function list(items, type = 'conjunction') {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${t(type === 'conjunction' ? 'words.and' : 'words.or')} ${items[items.length - 1]}`;
}

/**
 * Puts the catalogue's texts into the page's static elements: `data-i18n` (the text),
 * `data-i18n-html` (markup of our own catalogue: links, <code>, <kbd>), and the attributes
 * `data-i18n-title`, `-placeholder`, `-aria-label`, `-content` (a <meta>); sets `<html lang>`.
 * @param {ParentNode} [root]
 */
export function translatePage(root = document) {
  document.documentElement.lang = LANG;
  for (const e of root.querySelectorAll('[data-i18n]')) e.textContent = t(e.getAttribute('data-i18n') ?? '');
  for (const e of root.querySelectorAll('[data-i18n-html]')) e.innerHTML = t(e.getAttribute('data-i18n-html') ?? '');
  for (const attr of ['title', 'placeholder', 'aria-label']) {
    for (const e of root.querySelectorAll(`[data-i18n-${attr}]`)) e.setAttribute(attr, t(e.getAttribute(`data-i18n-${attr}`) ?? ''));
  }
  const title = document.querySelector('title[data-i18n]');
  if (title) document.title = t(title.getAttribute('data-i18n') ?? '');
}

/**
 * The language switch in the page's bar: a <select> of every language, each named in itself;
 * choosing one keeps it in this browser and loads the page again in it (the game page
 * reconnects and draws the same game).
 */
export function addLangSwitch() {
  const bar = document.querySelector('header.bar');
  if (!bar || bar.querySelector('#lang')) return;
  const sel = document.createElement('select');
  sel.id = 'lang';
  sel.className = 'lang-switch';
  sel.setAttribute('aria-label', t('common.language'));
  sel.title = t('common.language');
  for (const [code, name] of Object.entries(LANG_NAMES)) sel.add(new Option(name, code, false, code === LANG));
  sel.onchange = () => {
    try { localStorage.setItem(KEY, sel.value); } catch { /* not kept: this page only */ }
    location.reload();
  };
  bar.appendChild(sel);
}

// every page that loads this module is translated as it starts (modules run after parsing)
if (typeof document !== 'undefined') {
  translatePage();
  addLangSwitch();
}
