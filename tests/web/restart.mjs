// A game goes on through a page reload and a server killed with SIGKILL and started again on
// the same database and port: the page shows it is offline, reconnects by itself, and the game
// continues where it was.
import { check, createGame, decide, kill, launch, startServer, waitTurn, watchErrors } from './lib.mjs';

/** What the page shows of the game: turn line, tiles on the board, scores. */
async function shown(page) {
  return page.evaluate(() => ({
    turn: document.querySelector('#hand-tiles h2')?.textContent,
    tiles: document.querySelectorAll('#board .layer-tiles > g').length,
    scores: [...document.querySelectorAll('#players .score')].map((e) => e.textContent).join(','),
  }));
}

async function play(page, n, memo) {
  for (let i = 0; i < n; i++) {
    const st = await waitTurn(page);
    check(st === 'mine', `the game stalled: ${await page.locator('#status').innerText()}`);
    await decide(page, memo);
  }
  check(await waitTurn(page) === 'mine', 'no decision after playing');
}

export default async function (opts) {
  let server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'gifts,christmas', seed: 8 });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    watchErrors(page, errors);
    await page.goto(`${server.url}${game.seats[0].url}`);
    const memo = { turn: -1, cards: 0 };
    await play(page, 12, memo);
    const before = await shown(page);
    check(before.tiles > 3, `too few tiles: ${JSON.stringify(before)}`);

    await page.reload();
    check(await waitTurn(page) === 'mine', 'no decision after the reload');
    const reloaded = await shown(page);
    check(JSON.stringify(reloaded) === JSON.stringify(before), `after the reload ${JSON.stringify(reloaded)}, before ${JSON.stringify(before)}`);

    await kill(server);
    await page.waitForSelector('#net:not([hidden])', { timeout: 10000 });
    server = await startServer(opts.carc, server.db, server.port);
    await page.waitForSelector('#net[hidden]', { state: 'attached', timeout: 15000 });
    check(await waitTurn(page) === 'mine', 'no decision after the restart');
    const restarted = await shown(page);
    check(JSON.stringify(restarted) === JSON.stringify(before), `after the restart ${JSON.stringify(restarted)}, before ${JSON.stringify(before)}`);

    await play(page, 12, memo);
    const after = await shown(page);
    check(after.tiles > before.tiles, `the game did not go on: ${JSON.stringify(after)} after ${JSON.stringify(before)}`);
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
