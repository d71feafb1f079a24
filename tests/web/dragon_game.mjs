// The Princess & the Dragon in the browser (issue 30): a game of two people where the first
// seat's page makes, with clicks, a dragon step (its targets the legal tiles, the path so far
// numbered on the board, the dragon drawn where the state says), a fairy move (the fairy drawn
// beside the follower) and a follower through a magic portal onto another tile; every other
// decision is made quickly by raw sessions of the seats from a fixed seed (`rawSeat`), so the
// game goes the same way each run. The set-aside dragon tiles show in the stack panel; the log
// and notices tell the dragon and the fairy; screenshots at both sizes. About 15 s.
import { check, checkPlayerText, createGame, figureTiles, launch, quickMove, rawSeat, shotPage, startServer, waitLegal } from './lib.mjs';

const SEED = Number(process.env.CARC_DRAGON_SEED ?? 2);

/** The first seat's decisions its page makes: a dragon step, a fairy move, a portal's follower. */
const WANTS = {
  dragon: (legal) => legal.some((m) => m.startsWith('dragon ')),
  fairy: (legal) => legal.some((m) => m.startsWith('fairy ')),
  portal: (legal) => legal.some(portalMove),
  princess: (legal) => legal.some((m) => m.startsWith('princess ')),
};

/** A follower through a portal: a figure onto another tile than the one just placed (not a tower's top). @param {string} m */
function portalMove(m) {
  return /^(large )?\(-?\d+,-?\d+\) (road|city|field|cloister):\w+$/.test(m);
}

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  /** @type {any[]} */
  const raws = [];
  try {
    const game = await createGame(server.url, { players: ['human', 'human'], expansions: 'dragon', seed: SEED });
    const { page, shoot } = await shotPage(browser, errors, opts.shots);
    await page.goto(`${server.url}${game.seats[0].url}`);
    await page.waitForSelector('#board .layer-tiles [data-pos]');
    const done = { dragon: false, fairy: false, portal: false, princess: false };
    const pageDoes = (legal) => Object.entries(WANTS).some(([k, t]) => !done[k] && t(legal));
    const seat0 = rawSeat(server, game.seats[0].ws, (f, rand) => (pageDoes(f.legal) ? null : quickMove(f, rand)), SEED);
    raws.push(seat0, rawSeat(server, game.seats[1].ws, quickMove, SEED + 1));
    const t0 = Date.now();
    while (!done.dragon || !done.fairy || !done.portal || !done.princess) {
      check(Date.now() - t0 < 60000, `not all done in a minute: ${JSON.stringify(done)}`);
      seat0.poke();
      const legal = await waitLegal(page, pageDoes, 30000);
      check(legal, `the page was never asked for the rest: ${JSON.stringify(done)} (seed ${SEED}; last: ${JSON.stringify(seat0.last?.view.pending)} ${seat0.last?.index} ${JSON.stringify(seat0.last?.legal).slice(0, 300)})`);
      // nothing moves while the page is looked at (a raw seat would move the dragon at once)
      for (const r of raws) r.hold = true;
      const view = seat0.last.view;
      // no notation in any text for players (issue 21), the list of every choice opened
      await page.locator('#prompt .all-moves').evaluate((d) => { /** @type {HTMLDetailsElement} */ (d).open = true; });
      await checkPlayerText(page, `a decision of ${legal[0].split(' ')[0]}`);
      await page.locator('#prompt .all-moves').evaluate((d) => { /** @type {HTMLDetailsElement} */ (d).open = false; });
      // the dragon tiles set aside (PD4) are in the stack panel
      if (view.dragon.aside.length) {
        check(Number(await page.getAttribute('#stack .aside-line', 'data-aside')) === view.dragon.aside.length, 'the set-aside tiles are not in the stack panel');
      }
      if (!done.dragon && WANTS.dragon(legal)) {
        // the dragon where the state says, its path so far numbered, targets the legal tiles
        const at = `${view.dragon.dragon.x},${view.dragon.dragon.y}`;
        check(await page.getAttribute('#board [data-dragon]', 'data-dragon') === at, 'the dragon is not drawn on its tile');
        check(/The dragon moves: step \d of at most 6/.test(await page.locator('#prompt').innerText()), 'the prompt does not say the dragon\'s step');
        check((await page.locator('#board .dragon-path-step').count()) === (view.dragon.walk.moves ? view.dragon.walk.visited.length : 0), 'the dragon\'s path is not drawn');
        // pointing at the dragon says what it means
        const box = await page.locator('#board [data-dragon]').boundingBox();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        check(/^The dragon stands here: no figure may be placed on this tile\./.test(await page.locator('#tip').innerText()), `the tip over the dragon: "${await page.locator('#tip').innerText()}"`);
        const targets = await page.$$eval('#board .layer-targets [data-target]', (els) => els.map((e) => e.getAttribute('data-target')).sort());
        check(JSON.stringify(targets) === JSON.stringify(legal.map((m) => m.slice(7)).sort()), `dragon targets ${targets} for ${legal}`);
        await page.locator('#board .layer-targets [data-target]').first().click();
        const to = targets[0].slice(1, -1);
        await page.locator('[data-key=confirm]').click();
        await page.waitForFunction((t) => document.querySelector('#board [data-dragon]')?.getAttribute('data-dragon') === t || document.querySelector('.dragon-path-step'), to);
        done.dragon = true;
        await shoot('dragon-step');
      } else if (!done.fairy && WANTS.fairy(legal)) {
        if (await page.locator('[data-key=mode-fairy]').count()) await page.click('[data-key=mode-fairy]');
        const target = page.locator('#board .layer-targets [data-target]').first();
        const where = /\((-?\d+),(-?\d+)\)/.exec(await target.getAttribute('data-target') ?? '');
        check(where, 'no fairy target on the board');
        await target.click();
        check(/Confirm: Put the fairy next to your/.test(await page.locator('[data-key=confirm]').innerText()), 'the confirm does not name the fairy');
        await page.click('[data-key=confirm]');
        await page.waitForSelector(`#board .fairy-assigned[data-fairy="${where[1]},${where[2]}"]`);
        done.fairy = true;
        await shoot('dragon-fairy');
      } else if (!done.princess && WANTS.princess(legal)) {
        // the princess: her city's followers on the board, whose one by button when several
        await page.click('[data-key=mode-princess]');
        const m = legal.find((x) => x.startsWith('princess '));
        const tok = /\(-?\d+,-?\d+\) \w+:\w+/.exec(m)[0];
        const seat = Number(/seat:(\d)/.exec(m)[1]);
        await page.locator(`#board .layer-targets [data-target="${tok}"]`).click();
        if (await page.locator(`[data-key=seat-${seat}]`).count()) await page.click(`[data-key=seat-${seat}]`);
        const confirm = page.locator('[data-key=confirm]').first();
        check(/^Confirm: Send (your own|Blue's) (follower|large meeple) on the city home \(the princess\)$/.test(await confirm.innerText()), `the princess's confirm: "${await confirm.innerText()}"`);
        await confirm.click();
        done.princess = true;
        await shoot('dragon-princess');
      } else {
        const m = legal.find(portalMove);
        const tok = /\(-?\d+,-?\d+\) \w+:\w+/.exec(m)[0];
        const [x, y] = /\((-?\d+),(-?\d+)\)/.exec(tok).slice(1);
        if (await page.locator('[data-key=mode-follower]').count()) await page.click('[data-key=mode-follower]');
        if (m.startsWith('large') && await page.locator('[data-key=figure-large]').count()) await page.click('[data-key=figure-large]');
        const before = (await figureTiles(page, m.startsWith('large') ? 'large' : 'meeple', 0)).filter((k) => k === `${x},${y}`).length;
        await page.locator(`#board .layer-targets [data-target="${tok}"]`).click();
        await page.click('[data-key=confirm]');
        await page.waitForFunction(([k, n]) => [...document.querySelectorAll('#board .layer-followers .follower.seat-0')].filter((e) => {
          const t = /translate\((-?[\d.]+) (-?[\d.]+)\)/.exec(e.getAttribute('transform') ?? '');
          return t && `${Math.floor(Number(t[1]) / 100)},${Math.floor(Number(t[2]) / 100)}` === k;
        }).length > n, [`${x},${y}`, before]);
        done.portal = true;
        await shoot('dragon-portal');
      }
      for (const r of raws) { r.hold = false; r.poke(); }
    }
    // the stack panel of a view with two dragon tiles set aside (PD4) shows them, and counts
    // them out of the tiles left
    const aside = await page.evaluate(async () => {
      const { renderStack } = await import('/js/panels.js');
      const defs = new Map((await (await fetch('/api/tiles?expansions=dragon')).json()).map((t) => [t.id, t]));
      const box = document.createElement('div');
      renderStack(box, /** @type {any} */ ({ board: [], removed: [], hand_tiles: [], stack_left: 90, dragon: { aside: ['DG/Rr.d', 'DG/Rr.d'] } }), defs, new Map([['DG/Rr.d', 2], ['D', 4]]));
      return [box.querySelector('.aside-line')?.textContent ?? '', box.querySelectorAll('.aside-line svg').length, box.querySelectorAll('.stack-kind').length];
    });
    check(aside[0].startsWith('Set aside until the first volcano: 2 dragon tiles') && aside[1] === 2 && aside[2] === 1, `the set-aside tiles in the stack panel: ${JSON.stringify(aside)}`);
    const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
    check(log.some((l) => /the dragon flies onto it/.test(l)) && log.some((l) => /^You move the dragon one tile\./.test(l)), `the log does not tell the dragon: ${log.slice(-8).join(' / ')}`);
    check(log.some((l) => /^You put the fairy next to your follower\./.test(l)), 'the log does not tell the fairy');
    check(!errors.length, errors.join('\n'));
  } finally {
    for (const r of raws) r.close();
    await browser.close();
    await server.stop();
  }
}
