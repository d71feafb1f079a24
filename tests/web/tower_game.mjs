// The Tower in the browser (issue 30), on a phone with touch: a game of two people where the
// first seat's page, with taps only, buys back a prisoner of its own for 3 points (the button
// says the cost; the scores move by 3 each way), then builds a tower floor (the towers' heights on the board and
// the floors in the players panel as the state says), takes the other seat's follower prisoner
// with the capture that follows (its targets on the board; the prisoner then in its row of the
// players panel). The other seat, and the first seat's other decisions, are played
// by raw sessions from a fixed seed (`rawSeat`): the second seat captures whatever of the first
// it can. Screenshots at both sizes. About 15 s.
import { check, checkPlayerText, createGame, launch, quickMove, rawSeat, shooter, startServer, waitLegal, watchErrors } from './lib.mjs';

const SEED = Number(process.env.CARC_TOWER_SEED ?? 3);

/** The first seat's decisions its page makes: a ransom, then a floor (until it has captured) and a capture of the second seat's follower. */
const WANTS = {
  floor: (legal) => legal.some((m) => m.startsWith('floor ')),
  capture: (legal) => legal.some((m) => /^capture .* seat:1$/.test(m)),
  ransom: (legal) => legal.some((m) => m.startsWith('ransom ')),
};

/** The quick moves: a follower on the tile placed most of the time, the rest at random; `eager` (the second seat) builds floors half the time and captures the first seat's followers. */
function filler(eager) {
  return (f, rand) => {
    const legal = f.legal;
    if (f.view.pending.decision === 'capture') {
      const theirs = legal.filter((m) => /seat:0$/.test(m));
      return eager && theirs.length ? theirs[0] : 'pass';
    }
    const floors = legal.filter((m) => m.startsWith('floor '));
    if (eager && floors.length && rand(2)) return floors[rand(floors.length)];
    return quickMove(f, rand, 4);
  };
}

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  /** @type {any[]} */
  const raws = [];
  try {
    const game = await createGame(server.url, { players: ['human', 'human'], expansions: 'tower', seed: SEED });
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    watchErrors(page, errors);
    const shoot = shooter(page, opts.shots);
    await page.goto(`${server.url}${game.seats[0].url}`);
    await page.waitForSelector('#board .layer-tiles [data-pos]');
    const done = { floor: false, capture: false, ransom: false };
    // the ransom first: a prisoner of each side would be exchanged at once (TW6)
    const pageDoes = (legal) => (!done.ransom ? WANTS.ransom(legal) : !done.capture && (WANTS.floor(legal) || WANTS.capture(legal)));
    const seat0 = rawSeat(server, game.seats[0].ws, (f, rand) => (pageDoes(f.legal) ? null : filler(false)(f, rand)), SEED);
    raws.push(seat0, rawSeat(server, game.seats[1].ws, filler(true), SEED + 1));
    /** The towers, floors and prisoners on the page equal the state's. */
    const sameAsState = async (where) => {
      const t = seat0.last.view.tower;
      const drawn = await page.$$eval('#board [data-tower]', (els) => els.map((e) => `${e.getAttribute('data-tower')}:${e.getAttribute('data-height')}`).sort());
      const want = t.towers.filter((x) => x.height).map((x) => `${x.x},${x.y}:${x.height}`).sort();
      check(JSON.stringify(drawn) === JSON.stringify(want), `${where}: towers drawn ${drawn}, the state's ${want}`);
      const rows = await page.$$eval('#players .tower-row', (els) => els.map((e) => [Number(e.getAttribute('data-floors')), e.querySelectorAll('.prisoner').length]));
      const wantRows = t.floors.map((n, s) => [n, t.prisoners.filter((p) => p.holder === s).length]);
      check(JSON.stringify(rows) === JSON.stringify(wantRows), `${where}: the players panel's floors and prisoners ${JSON.stringify(rows)}, the state's ${JSON.stringify(wantRows)}`);
    };
    const t0 = Date.now();
    while (!done.floor || !done.capture || !done.ransom) {
      check(Date.now() - t0 < 60000, `not all done in a minute: ${JSON.stringify(done)}`);
      seat0.poke();
      const legal = await waitLegal(page, pageDoes, 30000);
      check(legal, `the page was never asked for the rest: ${JSON.stringify(done)} (seed ${SEED}; last: ${JSON.stringify(seat0.last?.view.pending)} ${JSON.stringify(seat0.last?.legal).slice(0, 300)})`);
      for (const r of raws) r.hold = true;
      await sameAsState('before a decision');
      // no notation in any text for players (issue 21), the list of every choice opened
      await page.locator('#prompt .all-moves').evaluate((d) => { /** @type {HTMLDetailsElement} */ (d).open = true; });
      await checkPlayerText(page, `a decision of ${legal[0].split(' ')[0]}`);
      await page.locator('#prompt .all-moves').evaluate((d) => { /** @type {HTMLDetailsElement} */ (d).open = false; });
      if (!done.ransom && WANTS.ransom(legal)) {
        const m = legal.find((x) => x.startsWith('ransom '));
        const b = page.locator(`[data-key=ransom][data-move="${m}"]`);
        check(/^Buy back your (follower|large meeple) from Blue: 3 points$/.test(await b.innerText()), `the ransom button says "${await b.innerText()}"`);
        const prisoners = await page.locator('#players .tower-row .prisoner[data-owner="0"]').count();
        await b.tap();
        // the log tells the 3 points each way, and the prisoner has left Blue's row
        await page.waitForFunction(() => [...document.querySelectorAll('#log li')].some((l) => l.textContent === 'Blue scores 3 for a prisoner\'s ransom.'));
        const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
        check(log.includes('You score -3 for a prisoner\'s ransom.'), `the ransom in the log: ${log.slice(-5).join(' / ')}`);
        await page.waitForTimeout(300);
        check(await page.locator('#players .tower-row .prisoner[data-owner="0"]').count() === prisoners - 1, 'the prisoner bought back is still in the panel');
        await sameAsState('after the ransom');
        await shoot('tower-ransom');
        done.ransom = true;
      } else if (WANTS.capture(legal)) {
        // the capture's targets are on the board, the other seat's follower among them
        const m = legal.find((x) => /seat:1$/.test(x));
        const tok = /\(-?\d+,-?\d+\) \w+:\w+/.exec(m)[0];
        check(/Your tower reaches/.test(await page.locator('#prompt').innerText()), 'the capture prompt');
        await shoot('tower-capture');
        await page.locator(`#board .layer-targets [data-target="${tok}"]`).tap();
        if (await page.locator('[data-key=seat-1]').count()) await page.locator('[data-key=seat-1]').tap();
        const confirm = page.locator('[data-key=confirm]').first();
        check(/^Confirm: Capture Blue's (follower|large meeple) (on|in) the/.test(await confirm.innerText()), `the capture's confirm: "${await confirm.innerText()}"`);
        await confirm.tap();
        await page.waitForSelector('#players .tower-row .prisoner[data-owner="1"]');
        await page.waitForTimeout(300);
        await sameAsState('after the capture');
        await shoot('tower-captured');
        done.capture = true;
      } else {
        if (await page.locator('[data-key=mode-floor]').count()) await page.locator('[data-key=mode-floor]').tap();
        const target = page.locator('#board .layer-targets [data-target]').first();
        await target.tap();
        check(/^Confirm: Build a floor on the tower$/.test(await page.locator('[data-key=confirm]').innerText()), 'the floor\'s confirm');
        await page.locator('[data-key=confirm]').tap();
        await page.waitForTimeout(300);
        await sameAsState('after a floor');
        done.floor = true;
      }
      for (const r of raws) { r.hold = false; r.poke(); }
    }
    for (const r of raws) r.hold = true;
    await page.waitForTimeout(500);
    await sameAsState('at the end');
    const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
    check(log.some((l) => /^You build a tower floor: the tower is \d+ high\.$/.test(l)), 'the log does not tell the floor');
    check(log.some((l) => /^You capture a (follower|large meeple) on /.test(l)), 'the log does not tell the capture');
    await shoot('tower-board');
    // the moves of The Tower in words, as the confirm and the list of every choice say them
    const words = await page.evaluate(async () => {
      const { moveWords } = await import('/js/words.js');
      return ['exchange large', 'exchange', 'capture (1,0) road:N seat:0', 'capture large (1,0) tower:T seat:1', 'ransom large seat:1', 'floor (2,3)', '(2,3) tower:T', 'large (2,3) tower:T'].map((m) => moveWords(m, 0));
    });
    check(JSON.stringify(words) === JSON.stringify(['Take back your large meeple in the exchange', 'Take back your follower in the exchange', 'Capture your own follower on the road',
      "Capture Blue's large meeple on the tower", 'Buy back your large meeple from Blue: 3 points', 'Build a floor on the tower', 'A follower on top of the tower', 'A large meeple on top of the tower']), `moves in words: ${JSON.stringify(words)}`);
    // a spectator at a desk points at a tower: its height and reach
    const watch = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    watchErrors(watch, errors);
    await watch.goto(`${server.url}${game.watch}`);
    const tower = watch.locator('#board [data-tower]').first();
    await tower.waitFor();
    const tb = await tower.boundingBox();
    await watch.mouse.move(tb.x + tb.width / 2, tb.y + tb.height * 0.6);
    check(/^A tower \d+ floors? high: (closed by the follower on its top|a floor on it would take a follower up to \d+ tiles away along its row or column)\./.test(await watch.locator('#tip').innerText()), `the tip over a tower: "${await watch.locator('#tip').innerText()}"`);
    await watch.close();
    check(!errors.length, errors.join('\n'));
  } finally {
    for (const r of raws) r.close();
    await browser.close();
    await server.stop();
  }
}
