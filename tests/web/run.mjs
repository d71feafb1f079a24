// Runs the browser tests against a real `carc serve` (each test starts its own server on a
// scratch database) with Debian's chromium. Usage:
//   node tests/web/run.mjs --carc build/carc [--shots DIR] [TEST...]
// TEST is one of the names below (default: all). Exit status 0 when every test passes.
import { resolve } from 'node:path';

const TESTS = ['german', 'abbey_info', 'nine', 'dragon_game', 'tower_game', 'abbey_game', 'three_boxes_game', 'full_game', 'bigbox_game', 'river_game', 'hidden_info', 'restart', 'replay', 'screenshots', 'plain_words', 'browser_bugs', 'chat', 'lobby', 'issue32', 'ladder', 'clocks', 'undo', 'phone'];
const args = process.argv.slice(2);
const opts = { carc: 'build/carc', shots: 'build/screenshots' };
const names = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--carc') opts.carc = args[++i];
  else if (args[i] === '--shots') opts.shots = args[++i];
  else if (TESTS.includes(args[i])) names.push(args[i]);
  else { console.error(`run.mjs: unknown argument "${args[i]}" (tests: ${TESTS.join(', ')})`); process.exit(2); }
}
opts.carc = resolve(opts.carc);
opts.shots = resolve(opts.shots);

let failed = 0;
for (const name of names.length ? names : TESTS) {
  const t0 = Date.now();
  try {
    const mod = await import(`./${name}.mjs`);
    await mod.default(opts);
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e?.stack ?? e}`);
  }
}
process.exit(failed ? 1 : 0);
