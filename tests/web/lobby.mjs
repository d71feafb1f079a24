// The lobby's expansions: The Gifts and Christmas Present from the list, Inns & Cathedrals,
// Traders & Builders, The River and The Abbot as checkboxes, each with its line of what it
// adds; a sixth seat only with Inns & Cathedrals (unchecking it takes the sixth away); a game
// created with all four opens, and its summary names them; so does one with The River and The
// Abbot, and one with all six.
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
    for (const [id, words] of [['exp-inns', /inns and cathedrals/], ['exp-traders', /wine, grain and cloth/],
      ['exp-river', /from the spring to the lake/], ['exp-abbot', /abbot for a cloister or a garden/]]) {
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
    await lobby.selectOption('#expansions', 'gifts,christmas');
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
    await lobby.selectOption('#expansions', 'base');
    let more = await created();
    check(more.expansions === 'river,abbot', `the game's expansions: ${more.expansions}`);
    check(more.players.length === 5, `without inns the game has ${more.players.length} seats`);
    await lobby.check('#exp-inns');
    await lobby.check('#exp-traders');
    await lobby.selectOption('#expansions', 'gifts,christmas');
    more = await created();
    check(more.expansions === 'gifts,christmas,inns,traders,river,abbot', `the game's expansions: ${more.expansions}`);
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
