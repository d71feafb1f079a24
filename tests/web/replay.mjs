// The replay viewer steps through a finished game (first, back, forward, last, the slider and
// the arrow keys) and shows at every step the scores `carc engine` computes from the record;
// the same record given as a file loads too.
import { execFileSync } from 'node:child_process';
import { check, createGame, launch, startServer, watchErrors } from './lib.mjs';

/** Scores after the start and after each move of a record, from `carc engine`. */
function engineScores(carc, rec) {
  const lines = [`new players=${rec.players} seed=${rec.seed} expansions=${rec.expansions ?? 'base'}`, 'scores'];
  for (const m of rec.moves) lines.push(`play ${m}`, 'scores');
  const out = execFileSync(carc, ['engine'], { input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 26 }).trim().split('\n');
  check(out.every((l) => l.startsWith('=')), `carc engine refused the record: ${out.find((l) => !l.startsWith('='))}`);
  return out.filter((_, i) => i % 2 === 1).map((l) => JSON.parse(l.slice(2)));
}

async function scoresShown(page) {
  return page.$$eval('#players .score', (els) => els.map((e) => Number(e.getAttribute('data-score'))));
}

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const game = await createGame(server.url, { players: ['greedy', 'random', 'greedy'], expansions: 'gifts,christmas', seed: 4 });
    let info;
    for (let i = 0; i < 600; i++) {
      info = await (await fetch(`${server.url}/api/games/${game.id}`)).json();
      if (info.over) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    check(info.over, 'the computer game did not end');
    const rec = await (await fetch(`${server.url}/api/games/${game.id}/record`)).json();
    const want = engineScores(opts.carc, rec);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    watchErrors(page, errors);
    await page.goto(`${server.url}/replay/${game.id}`);
    await page.waitForFunction(() => /moves\.$/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 60000 });
    const at = async () => Number(await page.getAttribute('#step', 'data-index'));
    const expect = async (i, how) => {
      check(await at() === i, `${how}: at step ${await at()}, expected ${i}`);
      const got = await scoresShown(page);
      check(JSON.stringify(got) === JSON.stringify(want[i]), `${how}: step ${i} shows ${got}, the record gives ${want[i]}`);
    };
    const n = rec.moves.length;
    await expect(0, 'opened at the start');
    check(/^Start: \d+ moves\. Red( — \w+)? begins\.$/.test(await page.locator('#step').innerText()), `the first step says "${await page.locator('#step').innerText()}"`);
    await page.click('#last');
    await expect(n, 'last');
    // every step says who moved (the seat owing the decision before it) and what they did
    await page.click('#first');
    for (let i = 1; i <= 12; i++) {
      await page.click('#forward');
      const text = await page.locator('#step').innerText();
      check(new RegExp(`^Move ${i} of ${n}: (Red|Blue|Yellow)( — \\w+)? (placed|put|passed|drew|opened|played|discarded|aimed|blocked)`).test(text), `step ${i} says "${text}"`);
    }
    check(JSON.stringify(want[n]) === JSON.stringify(rec.scores), 'the engine and the record disagree');
    await page.click('#first');
    await expect(0, 'first');
    for (let i = 1; i <= 5; i++) { await page.click('#forward'); await expect(i, 'forward'); }
    await page.click('#back');
    await expect(4, 'back');
    for (let i = 0; i <= n; i += 7) { await page.locator('#slider').fill(String(i)); await expect(i, 'slider'); }
    await page.click('#last');
    await expect(n, 'last');
    await page.keyboard.press('ArrowLeft');
    await expect(n - 1, 'left arrow');
    await page.keyboard.press('Home');
    await expect(0, 'Home');
    // the same record as a file given to the page
    await page.evaluate(() => { document.querySelector('#status').textContent = ''; });
    await page.setInputFiles('#file', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(rec)) });
    await page.waitForFunction(() => /moves\.$/.test(document.querySelector('#status')?.textContent ?? ''), null, { timeout: 60000 });
    await expect(0, 'a record file');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(n - 1, 'a record file, End, left arrow');
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
