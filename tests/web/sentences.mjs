// The browser's words.js and the engine's carc_event_text (src/record/event_text.c) tell
// every event the same way from the one table of sentences: this runs words.js in node
// with fetch answering /api/sentences and /api/cards as `carc serve` does (the same C
// functions, through `carc cards --json` and test_event_text --pairs), then compares the
// sentence of every event of a few random games of every expansion set, every seat's view
// included, with the one the C side wrote. Seats are named "seat N", as the C side says.
// Usage: node sentences.mjs CARC TEST_EVENT_TEXT
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [carc, tester] = process.argv.slice(2);
if (!carc || !tester) {
  console.error('usage: node sentences.mjs CARC TEST_EVENT_TEXT');
  process.exit(2);
}
const run = (/** @type {string} */ bin, /** @type {string[]} */ args) =>
  execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
const cards = run(carc, ['cards', '--json']);
const pairs = run(tester, ['--pairs']).trim().split('\n').map((l) => l.split('\t'));
const table = run(tester, ['--table']);
globalThis.fetch = /** @type {any} */ (async (/** @type {string} */ url) => {
  const body = url === '/api/cards' ? cards : url === '/api/sentences' ? table : null;
  if (body === null) throw new Error(`unexpected fetch ${url}`);
  return { json: async () => JSON.parse(body) };
});
const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/js');
const { loadCards } = await import(pathToFileURL(path.join(web, 'cards.js')).href);
const { loadSentences, eventWords } = await import(pathToFileURL(path.join(web, 'words.js')).href);
await Promise.all([loadCards(), loadSentences()]);
const names = ['seat 0', 'seat 1', 'seat 2', 'seat 3', 'seat 4', 'seat 5'];
let bad = 0;
const kinds = new Set();
for (const [short, sentence] of pairs) {
  kinds.add(short.split(' ')[0] + (short.split(' ')[2] === '?' ? '?' : ''));
  const js = eventWords(short, names);
  if (js !== sentence && bad++ < 10) console.error(`'${short}': C '${sentence}', words.js '${js}'`);
}
if (bad) {
  console.error(`${bad} of ${pairs.length} events told differently`);
  process.exit(1);
}
if (pairs.length < 1000 || kinds.size < 12) {
  console.error(`too few events to compare: ${pairs.length} of ${kinds.size} kinds`);
  process.exit(1);
}
console.log(`${pairs.length} events of ${kinds.size} kinds told the same by words.js and carc_event_text`);

// web/how.html's guide (the English catalogue's how.guide.* texts) is checked by catalogue.mjs
