// A complete game with both expansions, a person (clicks and keys only) against `greedy`,
// created from the lobby; the final scores on the page equal the record's, and `carc replay`
// accepts the record the server gives. Hovering a follower now and then tells its feature.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, decide, launch, pageScores, startServer, waitTurn, watchErrors } from './lib.mjs';

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const lobby = await ctx.newPage();
    watchErrors(lobby, errors);
    await lobby.goto(`${server.url}/`);
    await lobby.selectOption('select[data-seat="1"]', 'greedy');
    await lobby.check('#exp-gifts');
    await lobby.check('#exp-christmas');
    await lobby.fill('#seed', '11');
    const [page] = await Promise.all([ctx.waitForEvent('page'), lobby.click('#create')]);
    watchErrors(page, errors);
    check(await lobby.locator('#link-list li').count() === 2, 'the lobby lists one seat link and the spectator link');
    await page.waitForSelector('#board .tile-art');
    const memo = { turn: -1, cards: 0 };
    const did = {};
    let result;
    for (let n = 0; n < 3000; n++) {
      result = await waitTurn(page);
      if (result === 'over') break;
      check(result === 'mine', `the game stalled: ${await page.locator('#status').innerText()}`);
      // now and then, hovering a follower tells its feature: extent, holders, value (while
      // the page waits for this decision: after it, a new frame may redraw the board
      // between finding a follower and hovering it)
      if (n % 25 === 24 && await page.locator('#board .layer-followers .follower').count()) {
        await page.locator('#board .layer-followers .follower').first().hover({ force: true });
        const tip = await page.locator('#tip').innerText();
        check(/Worth \d+ now\. Followers: .*held by/.test(tip), `hovering a follower shows "${tip}"`);
        check(await page.locator('#board .layer-hover .extent').count() > 0, 'hovering a follower outlines its feature');
        did.hover = (did.hover ?? 0) + 1;
      }
      const what = await decide(page, memo);
      did[what] = (did[what] ?? 0) + 1;
    }
    check(result === 'over', 'the game did not end');
    check(!errors.length, errors.join('\n'));
    const shown = await pageScores(page, true);
    const id = new URL(page.url()).pathname.split('/')[2];
    const rec = await (await fetch(`${server.url}/api/games/${id}/record`)).json();
    check(JSON.stringify(shown) === JSON.stringify(rec.scores), `page scores ${shown} differ from the record's ${rec.scores}`);
    const file = join(mkdtempSync(join(tmpdir(), 'carc-rec-')), 'game.json');
    writeFileSync(file, JSON.stringify(rec));
    const out = execFileSync(opts.carc, ['replay', file], { encoding: 'utf8' });
    check(/all scores match/.test(out), `carc replay: ${out}`);
    check(did.place > 20 && did.target > 0 && did.hover > 0, `too few kinds of decisions: ${JSON.stringify(did)}`);
    console.log(`     decisions ${JSON.stringify(did)}, scores ${shown}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
