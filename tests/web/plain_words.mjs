// Issue 21: no rule id, move notation or card id in any text meant for players, over a whole
// game with both expansions (the lobby, every decision of the game page, the final screen and
// the replay), and names, never ids, in the log and the status line. A person (clicks and
// keys) against greedy; the page's text is scanned at every decision (lib.mjs, playerText).
// The "how these expansions work" page is linked from every screen, in view, and says in
// players' words how a gift is received, when a deck is offered and the hand limit.
import { check, checkPlayerText, decide, launch, startServer, waitTurn, watchErrors } from './lib.mjs';

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // this game keeps a player's real pause before an automatic pass (lib.mjs shortens it)
    await ctx.addInitScript(() => localStorage.removeItem('carc.autopass'));
    const lobby = await ctx.newPage();
    watchErrors(lobby, errors);
    await lobby.goto(`${server.url}/`);
    await checkPlayerText(lobby, 'the lobby');
    check(await lobby.locator('#how-link').isVisible(), 'the lobby does not link the how-to page');
    await lobby.selectOption('select[data-seat="1"]', 'greedy');
    await lobby.check('#exp-gifts');
    await lobby.check('#exp-christmas');
    await lobby.fill('#seed', '21');
    const [page] = await Promise.all([ctx.waitForEvent('page'), lobby.click('#create')]);
    watchErrors(page, errors);
    await checkPlayerText(lobby, 'the lobby with the links');
    // issue 21: the lobby keeps this browser's seats (localStorage) and says whose turn it is
    await lobby.reload();
    await lobby.waitForFunction(() => /your turn|to play/.test(document.querySelector('#my-list .turn')?.textContent ?? ''), null, { timeout: 10000 });
    check(await lobby.locator('#my-list li').count() === 1, 'the lobby does not list the seat this browser created');
    check(await lobby.locator('#my-list li button', { hasText: 'Copy' }).count() === 1, 'my games has no copy button');
    await page.waitForSelector('#board .tile-art');
    const memo = { turn: -1, cards: 0 };
    let result, scans = 0, opened = 0, overview = false;
    for (let n = 0; n < 3000; n++) {
      result = await waitTurn(page);
      if (result === 'over') break;
      check(result === 'mine', `the game stalled: ${await page.locator('#status').innerText()}`);
      await checkPlayerText(page, `decision ${n} (${await page.locator('#status').innerText()})`);
      check(await page.locator('#how-link[href="/how.html"]').isVisible(), `decision ${n}: the how-to page is not linked in view`);
      check((await page.title()).startsWith('● Your turn'), `decision ${n}: the tab's title does not say it is your turn: "${await page.title()}"`);
      // no empty question: a decision asked of the person offers more than passing
      const offers = await page.evaluate(() => document.querySelectorAll('#prompt .buttons button:not([data-key=pass]):not([data-key=cancel]), #hand .card.playable, #board .spot, #board .target').length);
      check(offers > 0, `decision ${n}: an empty question: "${await page.locator('#prompt').innerText()}"`);
      scans++;
      // the list of every choice, opened now and then: in words too
      if (n % 10 === 3) {
        await page.locator('#prompt details.all-moves summary').click();
        await checkPlayerText(page, `decision ${n}, every choice listed`);
        opened++;
        await page.locator('#prompt details.all-moves summary').click();
      }
      // the overview: shown once the board is zoomed in past its whole, hidden by Fit
      if (n === 30) {
        for (let k = 0; k < 4; k++) await page.keyboard.press('+');
        check(await page.locator('#overview').isVisible(), 'zoomed in, the board shows no overview');
        const before = await page.getAttribute('#overview-frame', 'x');
        const box = await page.locator('#overview').boundingBox();
        await page.mouse.click(box.x + 5, box.y + 5);
        check(await page.getAttribute('#overview-frame', 'x') !== before, 'a click on the overview does not move the board');
        await page.keyboard.press('f');
        check(!(await page.locator('#overview').isVisible()), 'the whole board in view, the overview is still shown');
        overview = true;
      }
      await decide(page, memo);
    }
    check(result === 'over', 'the game did not end');
    check(overview, 'the overview was not tried');
    check(!(await page.title()).startsWith('●'), 'the title still says it is your turn after the end');
    await checkPlayerText(page, 'the final screen');
    check(await page.locator('#final a[href="/how.html"]').isVisible(), 'the final screen does not link the how-to page');
    // the how-to page itself: the guide, every card, no notation
    const how = await ctx.newPage();
    watchErrors(how, errors);
    await how.goto(`${server.url}/how.html`);
    await how.waitForSelector('#card-list dt');
    const text = await how.locator('main').innerText();
    for (const must of ['how you receive a gift', 'when a deck is offered', 'the hand limit', 'A window is', 'the end of the game', 'Mastermind', 'Take 2']) {
      check(text.includes(must), `the how-to page does not say "${must}"`);
    }
    await checkPlayerText(how, 'the how-to page');
    // the log's sentences name no place: pointing at one shows it on the board
    await page.locator('#final-close').click();
    await page.locator('#log li.has-place').last().hover();
    check(await page.locator('#board .layer-hover .extent').count() > 0, 'pointing at a log line shows nothing on the board');
    const log = await page.locator('#log').innerText();
    check(/receives|draws|plays/.test(log), 'the log tells no card');
    check(!/\b[a-z]+_[a-z]+\b/.test(log), 'the log names a card by its id');
    const id = new URL(page.url()).pathname.split('/')[2];
    const replay = await ctx.newPage();
    watchErrors(replay, errors);
    await replay.goto(`${server.url}/replay/${id}`);
    await replay.waitForSelector('#step[data-index]');
    check(await replay.locator('#how-link').isVisible(), 'the replay does not link the how-to page');
    for (const key of ['End', 'ArrowLeft', 'Home', 'ArrowRight', 'ArrowRight']) {
      await replay.keyboard.press(key);
      await checkPlayerText(replay, `the replay after ${key}`);
    }
    check(!errors.length, errors.join('\n'));
    check(scans > 40 && opened > 3, `too few decisions scanned: ${scans}, lists opened ${opened}`);
    const auto = Number(await page.evaluate(() => document.body.dataset.autoPasses ?? 0));
    check(auto > 0, 'no empty question was answered for the person');
    console.log(`     ${scans} decisions scanned, the list of every choice opened ${opened} times, ${auto} empty questions answered for the person`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
