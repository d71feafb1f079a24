// A game goes on through a page reload and a server killed with SIGKILL and started again on
// the same database and port: the page shows it is offline, reconnects by itself, and the game
// continues where it was. The log and the score chart come back whole each time, and a page
// opened on another device (a fresh browser context) shows the same: the server sends the
// game's history when a page connects. A refusal while the game moves between server
// processes is passing: the page connects again instead of calling its link invalid.
import { check, createGame, decide, kill, launch, startServer, waitTurn, watchErrors } from './lib.mjs';

/** What the page shows of the game: turn line, tiles on the board, scores, log, chart. */
async function shown(page) {
  return page.evaluate(() => ({
    turn: document.querySelector('#hand-tiles h2')?.textContent,
    tiles: document.querySelectorAll('#board .layer-tiles > g').length,
    scores: [...document.querySelectorAll('#players .score')].map((e) => e.textContent).join(','),
    log: [...document.querySelectorAll('#log li')].map((e) => e.textContent).join('|'),
    chart: document.querySelector('#chart')?.innerHTML,
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

    check(before.log.split('|').length > 12, `too short a log: ${before.log}`);

    await page.reload();
    check(await waitTurn(page) === 'mine', 'no decision after the reload');
    const reloaded = await shown(page);
    check(JSON.stringify(reloaded) === JSON.stringify(before), `after the reload ${JSON.stringify(reloaded)}, before ${JSON.stringify(before)}`);

    const ctx2 = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const other = await ctx2.newPage();
    watchErrors(other, errors);
    await other.goto(`${server.url}${game.seats[0].url}`);
    check(await waitTurn(other) === 'mine', 'no decision on a page opened elsewhere');
    const elsewhere = await shown(other);
    check(JSON.stringify(elsewhere) === JSON.stringify(before), `a page opened elsewhere shows ${JSON.stringify(elsewhere)}, before ${JSON.stringify(before)}`);
    await ctx2.close();

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

    // the refusal of a process the game is moving away from (issue 33) is passing: the page
    // connects again and plays on, never calling its link invalid
    const moving = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    watchErrors(moving, errors);
    let tries = 0;
    await moving.routeWebSocket(/\/ws\//, (ws) => {
      if (tries++ === 0) {
        ws.send(JSON.stringify({ type: 'error', index: -1, message: 'this game is being played on another server process: try again in a moment' }));
        ws.close();
        return;
      }
      const srv = ws.connectToServer();
      ws.onMessage((m) => srv.send(m));
      srv.onMessage((m) => ws.send(m));
    });
    await moving.goto(`${server.url}${game.seats[0].url}`);
    check(await waitTurn(moving) === 'mine', `no decision after a passing refusal: ${await moving.locator('#status').innerText()}`);
    check(tries >= 2, 'the page did not connect again after a passing refusal');
    check(!(await moving.evaluate(() => document.body.classList.contains('invalid-link'))), 'a passing refusal called the link invalid');
    await moving.close();
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
