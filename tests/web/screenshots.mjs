// Screenshots for the README at 1280x800 and 390x844: the lobby, a game with both expansions in
// progress (a person holding cards against greedy), the final screen of a finished game, and
// the page that explains the expansions.
// They are written to --shots DIR (docs/screenshots/ when refreshed by hand).
import { check, createGame, decide, launch, shotPage, startServer, waitTurn } from './lib.mjs';

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const { page, shoot } = await shotPage(browser, errors, opts.shots, 300);
    await page.goto(`${server.url}/`);
    await page.selectOption('select[data-seat="1"]', 'medium');
    await shoot('lobby');

    const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'gifts,christmas', seed: 13 });
    await page.goto(`${server.url}${game.seats[0].url}`);
    const memo = { turn: -1, cards: 0 };
    let cards = 0, turn = 0;
    for (let n = 0; n < 400 && !(cards >= 1 && turn >= 14 && await page.locator('.spot').count()); n++) {
      const st = await waitTurn(page);
      check(st === 'mine', `the game stalled: ${await page.locator('#status').innerText()}`);
      await decide(page, memo, 0);
      check(await waitTurn(page) === 'mine', 'the game ended too soon for the picture');
      cards = await page.locator('#hand .card').count();
      turn = Number((await page.locator('#hand-tiles h2').innerText()).replace(/^Turn (\d+).*/s, '$1'));
    }
    // show a placement choice with its preview
    if (await page.locator('.spot').count()) await page.keyboard.press('ArrowRight');
    await page.click('#fit');
    await shoot('game');

    // the same game to its end: the final screen with the whole score chart
    for (let n = 0; n < 3000; n++) {
      const st = await waitTurn(page);
      if (st === 'over') break;
      check(st === 'mine', `the game stalled: ${await page.locator('#status').innerText()}`);
      await decide(page, memo);
    }
    await page.waitForSelector('#final:not([hidden])');
    await shoot('final');

    // the page that explains the expansions
    await page.goto(`${server.url}/how.html`);
    await page.waitForSelector('#card-list dt');
    await shoot('how');
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
