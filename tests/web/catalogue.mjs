// ctest web_catalogue (issue 32, node only): the message catalogues of the pages
// (web/js/lang/*.js) are complete. It fails when
//  - a key is in one language and not in another, or a key's {placeholders} (or its plural
//    forms) differ between them;
//  - a key the code uses (t('key'), t(`prefix.${...}`), data-i18n*="key" in web/*.html) is
//    not in the English catalogue;
//  - a text of web/*.html is written in the page instead of coming from the catalogue;
//  - a sentence, reason or feature of the engine's table (test_event_text --table, what
//    GET /api/sentences serves in English) or a card of `carc cards --json` has no German
//    text with the same placeholders (and a sentence about {seat} its "you" form), or German
//    has one the engine does not;
//  - the English how-to texts do not hold the guide of card_text.c (test_event_text --guide)
//    paragraph for paragraph.
// Usage: node catalogue.mjs CARC TEST_EVENT_TEXT
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [carc, tester] = process.argv.slice(2);
if (!carc || !tester) {
  console.error('usage: node catalogue.mjs CARC TEST_EVENT_TEXT');
  process.exit(2);
}
const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web');
const run = (/** @type {string} */ bin, /** @type {string[]} */ args) => execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
/** @type {Record<string, Record<string, any>>} */
const cats = {};
for (const f of readdirSync(path.join(web, 'js/lang')).filter((f) => f.endsWith('.js'))) {
  cats[f.slice(0, -3)] = (await import(pathToFileURL(path.join(web, 'js/lang', f)).href)).default;
}
const problems = [];
const bad = (/** @type {string} */ m) => problems.push(m);

/** The placeholders of an entry (every plural form's), a {name|case} counted as {name}. @param {any} e */
function holes(e) {
  const texts = typeof e === 'string' ? [e] : Object.values(e ?? {});
  const out = new Set();
  for (const t of texts) for (const m of String(t).matchAll(/\{(\w+)(?:\|\w+)?\}/g)) out.add(m[1]);
  return [...out].sort().join(',');
}
/** Whether an entry is a text or plural forms with at least `other`. @param {any} e */
const wellFormed = (e) => typeof e === 'string' ? e.trim() !== '' : e && typeof e === 'object' && typeof e.other === 'string';

// the engine's English: the sentence table and the cards, which German translates
const table = JSON.parse(run(tester, ['--table']));
const cards = JSON.parse(run(carc, ['cards', '--json']));
/** @type {Map<string, string>} the server-side keys German must have, with their English */
const server = new Map();
for (const [k, v] of Object.entries(table.events)) {
  server.set(`ev.${k}`, v.text);
  if (v.text.startsWith('{seat}')) server.set(`ev.${k}.you`, v.text.replace(/\{seat\}/, '').replace(/\{seat\}/g, '{seat}'));
}
for (const [k, v] of Object.entries(table.reasons)) server.set(`why.${k}`, v);
for (const [k, v] of Object.entries(table.features)) server.set(`feat.${k}`, v);
for (const c of cards) { server.set(`card.${c.id}.name`, c.name); server.set(`card.${c.id}.text`, c.text); }
const SERVER_PREFIX = /^(ev|why|feat|card)\./;
/** A language's own grammar, which English needs not: the cases of a feature's words (words.js). */
const LANG_ONLY = /^seg\./;

const en = cats.en;
if (!en) bad('web/js/lang/en.js is missing');
for (const [lang, cat] of Object.entries(cats)) {
  for (const [k, v] of Object.entries(cat)) if (!wellFormed(v)) bad(`${lang}: "${k}" is empty or not a text or plural forms with "other"`);
  if (lang === 'en') {
    for (const k of Object.keys(cat)) if (SERVER_PREFIX.test(k)) bad(`en: "${k}" is told by the server in English: not in en.js`);
    continue;
  }
  for (const k of Object.keys(en)) {
    if (!(k in cat)) bad(`${lang}: missing "${k}" (en: "${JSON.stringify(en[k]).slice(0, 70)}")`);
    else if (holes(en[k]) !== holes(cat[k])) bad(`${lang}: "${k}" has placeholders {${holes(cat[k])}}, en {${holes(en[k])}}`);
  }
  for (const [k, english] of server) {
    if (!(k in cat)) bad(`${lang}: missing "${k}" (the server's "${english.slice(0, 70)}")`);
    else if (holes(english) !== holes(cat[k])) bad(`${lang}: "${k}" has placeholders {${holes(cat[k])}}, the server's {${holes(english)}}`);
  }
  for (const k of Object.keys(cat)) {
    if (!(k in en) && !server.has(k) && !LANG_ONLY.test(k)) bad(`${lang}: "${k}" is in no English catalogue (en.js or the server's table)`);
  }
}

// keys the code uses
const jsFiles = readdirSync(path.join(web, 'js')).filter((f) => f.endsWith('.js') && f !== 'i18n.js');
let used = 0;
/** @param {string} key @param {string} where */
const needKey = (key, where) => {
  used++;
  if (!(key in en) && !server.has(key)) bad(`${where}: the key "${key}" is in no catalogue`);
};
/** @param {string} prefix @param {string} where */
const needPrefix = (prefix, where) => {
  used++;
  const all = [...Object.values(cats).flatMap((c) => Object.keys(c)), ...server.keys()];
  if (!all.some((k) => k.startsWith(prefix))) bad(`${where}: no key begins "${prefix}"`);
};
for (const f of jsFiles) {
  const src = readFileSync(path.join(web, 'js', f), 'utf8');
  for (const m of src.matchAll(/(?<![.\w])(?:t|tr|has)\(\s*'([^']+)'/g)) needKey(m[1], `web/js/${f}`);
  for (const m of src.matchAll(/(?<![.\w])(?:t|tr|has)\(\s*`([^`$]*)\$\{/g)) needPrefix(m[1], `web/js/${f}`);
}
for (const f of readdirSync(web).filter((x) => x.endsWith('.html'))) {
  const html = readFileSync(path.join(web, f), 'utf8');
  for (const m of html.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) needKey(m[1], `web/${f}`);
  // every text of the page from the catalogue: once the elements filled from it are emptied,
  // nothing readable may be left but the brand
  const body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|title)\b[\s\S]*?<\/\1>/g, '')
    .replace(/<(\w+)([^>]*\sdata-i18n(?:-html)?="[^"]*"[^>]*)>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]*>/g, ' ').replace(/&[a-z]+;|&#\w+;/g, ' ');
  for (const word of body.split(/\s+/).filter((w) => /[A-Za-z]{2}/.test(w) && w !== 'carc')) {
    bad(`web/${f}: "${word}" is written in the page, not taken from the catalogue`);
    break;
  }
}

// the how-to page's English holds the guide that the terminal's help shows, paragraph for paragraph
const guide = run(tester, ['--guide']).trim().split('\n').map((l) => l.split('\t'));
const howTexts = new Set(Object.entries(en).filter(([k]) => k.startsWith('how.')).map(([, v]) => String(v).replace(/<[^>]*>/g, '')));
let guideMissing = 0;
for (const [, title, text] of guide) {
  for (const t of [title, text]) if (t && !howTexts.has(t)) { guideMissing++; bad(`en: the guide's "${t.slice(0, 70)}..." is no how.* text`); }
}

if (problems.length) {
  for (const p of problems.slice(0, 60)) console.error(p);
  console.error(`${problems.length} problems in the catalogues`);
  process.exit(1);
}
console.log(`${Object.keys(cats).length} catalogues of ${Object.keys(en).length} keys (+${server.size} server texts), ${used} uses in the code, ${guide.length} guide paragraphs: complete`);
