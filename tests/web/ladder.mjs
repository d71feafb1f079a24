// The ladder (issue 32; docs/SERVER.md "The ladder"): two players each choose a name in the lobby
// of their own browser (a name taken, ignoring case, is refused there; no ladder game without
// a name); one creates a game of two people open to the ladder; each seat's page signs by
// itself and shows both names; the game is played out (the seats' moves sent by raw sessions, quick); both pages show the
// ratings before and after; the ladder page lists both names with their new ratings by the
// formula (K = 32 from 1500 each: +16 and -16, or nothing for a tie) and the player's game.
import WebSocket from 'ws';
import { check, launch, startServer, watchErrors } from './lib.mjs';

/** Plays seat `path` of a game with random legal moves until the game is over. */
function playOut(server, path) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`);
    let sent = -1;
    ws.on('message', (d) => {
      const f = JSON.parse(String(d));
      if (f.type === 'error' && f.index !== -3) { ws.close(); reject(new Error(`${path}: ${f.message}`)); return; }
      if (f.type !== 'state') return;
      if (f.over) { ws.close(); resolve(undefined); return; }
      if (f.legal.length && f.index !== sent) {
        sent = f.index;
        ws.send(JSON.stringify({ type: 'move', index: f.index, move: f.legal[Math.floor(Math.random() * f.legal.length)] }));
      }
    });
    ws.on('error', reject);
  });
}

/** Chooses a ladder name in the lobby of `page`; the message shown if refused, else ''. */
async function choose(page, base, name) {
  await page.goto(base);
  await page.fill('#ladder-name', name);
  await page.click('#ladder-choose');
  await page.waitForFunction(() => document.querySelector('#ladder-me strong') || document.querySelector('#ladder-error')?.textContent, null, { timeout: 5000, polling: 100 });
  return (await page.locator('#ladder-error').count()) ? await page.locator('#ladder-error').innerText() : '';
}

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const ctxA = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const ctxB = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const a = await ctxA.newPage(), b = await ctxB.newPage();
    for (const p of [a, b]) watchErrors(p, errors);
    check(await choose(a, server.url, 'Ann') === '', 'Ann was refused');
    check(/is taken/.test(await choose(b, server.url, 'ann')), 'a name taken (another case) was not refused in the lobby');
    // no name yet: a ladder game is not created from this lobby
    await b.check('#ladder-open');
    await b.click('#create');
    check(/Choose your ladder name first/.test(await b.locator('#error').innerText()), 'a ladder game was created without a name');
    check(!(await b.locator('#links').isVisible()), 'a ladder game was created without a name');
    check(await choose(b, server.url, 'Ben') === '', 'Ben was refused');
    await b.reload();
    check((await b.locator('#ladder-me strong').innerText()) === 'Ben', 'the lobby does not show the name kept in the browser');

    // Ann creates a game of two people, base game, open to the ladder
    await a.reload();
    await a.selectOption('select[data-seat="1"]', 'human');
    for (const e of ['gifts', 'christmas']) await a.uncheck(`#exp-${e}`);
    await a.fill('#seed', '7');
    await a.check('#ladder-open');
    const popup = a.context().waitForEvent('page');
    await a.click('#create');
    const seat0 = await popup;
    watchErrors(seat0, errors);
    const links = await a.locator('#link-list a').evaluateAll((els) => els.map((e) => /** @type {HTMLAnchorElement} */ (e).href));
    const id = new URL(links[0]).pathname.split('/')[2];
    await b.goto(links[1]);
    for (const p of [seat0, b]) {
      await p.waitForFunction(() => /Ann/.test(document.querySelector('#ladder-line')?.textContent ?? '') && /Ben/.test(document.querySelector('#ladder-line')?.textContent ?? ''), null, { timeout: 10000, polling: 100 });
    }

    // the game played out (both pages stay open and follow it)
    const ws = links.slice(0, 2).map((u) => new URL(u).pathname.replace('/play/', '/ws/'));
    await Promise.all(ws.map((p) => playOut(server, p)));
    const summary = await (await fetch(`${server.url}/api/games/${id}`)).json();
    check(summary.over, 'the game is not over');
    const [s0, s1] = summary.scores;
    const [ra, rb] = s0 > s1 ? [1516, 1484] : s0 === s1 ? [1500, 1500] : [1484, 1516];
    for (const p of [seat0, b]) {
      await p.waitForFunction((t) => (document.querySelector('#ladder-line')?.textContent ?? '').includes(t), `1500 → ${ra}`, { timeout: 10000, polling: 100 })
        .catch(async () => { throw new Error(`scores ${s0}:${s1}, the game page's ladder line reads: ${JSON.stringify(await p.evaluate(() => document.querySelector("#ladder-line")?.textContent))}, wanted ${JSON.stringify(`1500 → ${ra}`)}`); });
      check(/rated/.test(await p.locator('#ladder-line').innerText()), 'the game page does not say the game was rated');
    }

    // the ladder page: both names with their new ratings, and Ann's game
    await a.goto(`${server.url}/ladder.html#Ann`);
    await a.waitForSelector('#ladder-table tbody tr[data-name="Ben"]');
    const rating = (name) => a.locator(`#ladder-table tbody tr[data-name="${name}"] td:nth-child(3)`).innerText();
    check(await rating('Ann') === String(ra) && await rating('Ben') === String(rb), `scores ${s0}:${s1}, the ladder shows Ann ${await rating('Ann')} and Ben ${await rating('Ben')}, not ${ra} and ${rb}`);
    check(await a.locator('#ladder-table tbody tr.computer[data-name="greedy"]').count() === 1, 'no greedy row marked as a computer');
    await a.waitForSelector(`#player-games tbody tr[data-game="${id}"]`);
    const row = await a.locator(`#player-games tbody tr[data-game="${id}"]`).innerText();
    check(row.includes(`Ann: ${s0 >= s1 ? '1st' : '2nd'}, 1500 → ${ra}`) && row.includes('Ben'), `Ann's game reads: ${row}`);
    check(await a.locator(`#player-games a[href="/replay/${id}"]`).count() === 1, 'no replay link for the game');
    check(!errors.length, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
