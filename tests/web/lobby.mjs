// The lobby's expansions: nine checkboxes, one way for all (issue 32), each with its line of
// what it adds, and a line saying what will be played; a sixth seat only with Inns & Cathedrals (unchecking it takes the sixth away); a game
// created with all four opens, and its summary names them; so does one with The River and The
// Abbot, one with all six, one with all eight (The Princess & the Dragon and The Tower
// too) and one with all nine (Abbey & Mayor). The computer players offered are the levels (issue 31).
import { check, launch, startServer, watchErrors } from './lib.mjs';

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const lobby = await ctx.newPage();
    watchErrors(lobby, errors);
    await lobby.goto(`${server.url}/`);
    check(!(await lobby.locator('select#expansions').count()), 'the lobby still has a list of expansions');
    check(await lobby.locator('#expansion-boxes input[type=checkbox]').count() === 9, 'the lobby has not nine expansion checkboxes');
    // the computer players offered (issue 31): the three levels, medium by default, no
    // earlier searcher kept for measuring (mcts-2026a) nor a search by time
    const offered = await lobby.locator('select[data-seat="1"] option').evaluateAll((os) => os.map((o) => /** @type {HTMLOptionElement} */ (o).value));
    check(['easy', 'medium', 'hard'].every((v) => offered.includes(v)), `the levels offered: ${offered}`);
    check(!offered.some((v) => v.startsWith('mcts')), `a searcher offered by name: ${offered}`);
    check(await lobby.locator('select[data-seat="1"]').inputValue() === 'medium', 'the second seat is not medium by default');
    for (const [id, words] of [['exp-gifts', /receive a gift card/], ['exp-christmas', /Christmas cards/], ['exp-inns', /inns and cathedrals/], ['exp-traders', /wine, grain and cloth/],
      ['exp-river', /the spring first and the lake last/], ['exp-abbot', /abbot for a cloister or a garden/],
      ['exp-dragon', /volcano brings the dragon.*fairy.*magic portal.*princess/], ['exp-tower', /tower foundations.*prisoner.*3 points/],
      ['exp-abbey', /abbey to place in a hole instead of drawing.*final round.*mayor.*pennants.*wagon.*barn/]]) {
      const line = await lobby.locator(`#${id}`).locator('xpath=ancestor::p').innerText();
      check(words.test(line), `the ${id} checkbox says what it adds: "${line}"`);
    }
    const seats = () => lobby.locator('#seats .seat-row').count();
    const add = lobby.locator('#add-seat');
    while (!(await add.isDisabled())) await add.click();
    check(await seats() === 5, `without inns the lobby stops at 5 seats, not ${await seats()}`);
    await lobby.check('#exp-inns');
    check(!(await add.isDisabled()), 'with inns a sixth seat may be added');
    await add.click();
    check(await seats() === 6 && await add.isDisabled(), 'with inns the lobby stops at 6 seats');
    await lobby.uncheck('#exp-inns');
    check(await seats() === 5, 'unchecking inns takes the sixth seat away');
    await lobby.check('#exp-inns');
    await add.click();
    await lobby.check('#exp-traders');
    check(await lobby.locator('#exp-gifts').isChecked() && await lobby.locator('#exp-christmas').isChecked(), 'The Gifts and Christmas Present are not ticked by default');
    check(/^You will play the base game with The Gifts, Christmas Present, Inns & Cathedrals and Traders & Builders\.$/.test(await lobby.locator('#exp-summary').innerText()), `the summary: ${await lobby.locator('#exp-summary').innerText()}`);
    for (let i = 1; i < 6; i++) await lobby.selectOption(`select[data-seat="${i}"]`, 'random');
    await lobby.fill('#seed', '4');
    const [page] = await Promise.all([ctx.waitForEvent('page'), lobby.click('#create')]);
    watchErrors(page, errors);
    await page.waitForSelector('#board');
    const id = new URL(page.url()).pathname.split('/')[2];
    const info = await (await fetch(`${server.url}/api/games/${id}`)).json();
    check(info.expansions === 'gifts,christmas,inns,traders', `the game's expansions: ${info.expansions}`);
    check(info.players.length === 6, `the game has ${info.players.length} seats`);
    check(!errors.length, errors.join('\n'));
    await page.close();  // the game board is the board's tests' to check from here on
    // The River and The Abbot: checked on the lobby they are sent as names; the game board's
    // own test (not this one) plays them, so only the summary is checked here
    const created = async () => {
      const [p] = await Promise.all([ctx.waitForEvent('page'), lobby.click('#create')]);
      await p.waitForURL((u) => u.pathname.split('/').length > 2);  // past about:blank
      const gid = new URL(p.url()).pathname.split('/')[2];
      await p.close();
      return (await fetch(`${server.url}/api/games/${gid}`)).json();
    };
    await lobby.uncheck('#exp-inns');
    await lobby.uncheck('#exp-traders');
    await lobby.check('#exp-river');
    await lobby.check('#exp-abbot');
    await lobby.uncheck('#exp-gifts');
    await lobby.uncheck('#exp-christmas');
    check(/^You will play the base game with The River and The Abbot\.$/.test(await lobby.locator('#exp-summary').innerText()), `the summary: ${await lobby.locator('#exp-summary').innerText()}`);
    let more = await created();
    check(more.expansions === 'river,abbot', `the game's expansions: ${more.expansions}`);
    check(more.players.length === 5, `without inns the game has ${more.players.length} seats`);
    await lobby.check('#exp-inns');
    await lobby.check('#exp-traders');
    await lobby.check('#exp-gifts');
    await lobby.check('#exp-christmas');
    await lobby.selectOption('select[data-seat="1"]', 'human');
    more = await created();
    check(more.expansions === 'gifts,christmas,inns,traders,river,abbot', `the game's expansions: ${more.expansions}`);
    // "My games" (issue 32): which seat is this browser's, who plays, the expansions, the date
    await lobby.reload();
    const red = lobby.locator(`#my-list li[data-game="${more.id}"]`).filter({ hasText: /^Red \(you\)/ });
    const blue = lobby.locator(`#my-list li[data-game="${more.id}"]`).filter({ hasText: /^Blue \(a friend's link\)/ });
    check(await red.count() === 1 && await blue.count() === 1, `my games: ${await lobby.locator('#my-list').innerText()}`);
    await lobby.waitForFunction(() => !/…/.test(document.querySelector('#my-list .game-about')?.textContent ?? '…'));
    const about = await red.locator('.game-about').innerText();
    check(/^Red you, Blue a person, Yellow random, Violet random, Black random · the base game with The Gifts, Christmas Present, Inns & Cathedrals, Traders & Builders, The River and The Abbot · begun \S/.test(about), `my games says: "${about}"`);
    // The Princess & the Dragon and The Tower: all eight
    for (const e of ['gifts', 'christmas', 'inns', 'traders', 'river', 'abbot', 'dragon', 'tower']) await lobby.check(`#exp-${e}`);
    check(/^You will play the base game with The Gifts, Christmas Present, Inns & Cathedrals, Traders & Builders, The River, The Abbot, The Princess & the Dragon and The Tower\.$/.test(await lobby.locator('#exp-summary').innerText()), `the summary: ${await lobby.locator('#exp-summary').innerText()}`);
    more = await created();
    check(more.expansions === 'gifts,christmas,inns,traders,river,abbot,dragon,tower', `the game's expansions: ${more.expansions}`);
    // Abbey & Mayor: all nine
    await lobby.check('#exp-abbey');
    check(/^You will play the base game with .*, The Tower and Abbey & Mayor\.$/.test(await lobby.locator('#exp-summary').innerText()), `the summary: ${await lobby.locator('#exp-summary').innerText()}`);
    more = await created();
    check(more.expansions === 'gifts,christmas,inns,traders,river,abbot,dragon,tower,abbey', `the game's expansions: ${more.expansions}`);
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
