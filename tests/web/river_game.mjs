// Issue 20 in the browser: a complete game with all six expansions (The Gifts, Christmas Present,
// Inns & Cathedrals, Traders & Builders, The River, The Abbot), a person (clicks only) against
// `greedy`. The river phase: a line says it and how many river tiles are left, the board marks
// the river's open end and every spot offered is that end; the river is drawn as water. The
// person puts the abbot on a garden with the figure buttons (only the abbot's places shown, its
// ghost on the one picked), places tiles around it, and takes it back with the recall button,
// which names the points it gives ("Recall your abbot: 5 points") and gives them. Checked too:
// the abbot in supply, the log's words, the final table with gardens, the final scores equal to
// the record's, `carc replay` accepts it. Screenshots (river-*.png) of the river phase, the
// abbot's choice, the recall and the final screen.
import { check, checkPlayerText, checkRecord, createGame, decide, figureTiles, launch, pageScores, shotPage, startServer, waitTurn } from './lib.mjs';

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const { page, shoot } = await shotPage(browser, errors, opts.shots);
    const expansions = 'gifts,christmas,inns,traders,river,abbot';
    const game = await createGame(server.url, { players: ['human', 'greedy'], expansions, seed: Number(process.env.CARC_RIVER_SEED ?? 1) });
    await page.goto(`${server.url}${game.seats[0].url}`);
    await page.waitForSelector('#board .tile-art');

    // the spring is the start tile: water, drawn in blue, never a road's colours
    check(await page.locator('#board .layer-tiles .water .spring-eye').count() === 1, 'the start tile is the spring');
    const colours = await page.$eval('#board .layer-tiles .river', (e) => getComputedStyle(e).stroke);
    const road = await page.evaluate(() => {
      const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
      p.setAttribute('class', 'road');
      document.querySelector('#board')?.appendChild(p);
      const c = getComputedStyle(p).stroke;
      p.remove();
      return c;
    });
    check(colours !== road && /rgb\(47, 134, 214\)/.test(colours), `the river is drawn as water (${colours}), not as a road (${road})`);

    const memo = { turn: -1, cards: 0 };
    const did = {};
    const count = (k) => { did[k] = (did[k] ?? 0) + 1; };
    const shots = new Set();
    /** @type {Set<string>} */
    const said = new Set();
    let result;
    let riverSeen = false;
    for (let n = 0; n < 3000; n++) {
      result = await waitTurn(page);
      if (result === 'over') break;
      check(result === 'mine', `the game stalled: ${await page.locator('#status').innerText()}`);
      for (const line of await page.$$eval('#log li', (els) => els.slice(-40).map((e) => e.textContent ?? ''))) said.add(line);

      // the river phase: said above the tiles with the river tiles left; its end marked
      const riverLine = page.locator('#hand-tiles .river-line');
      const end = await page.$eval('#board [data-river-end]', (e) => e.getAttribute('data-river-end')).catch(() => null);
      if (await riverLine.count()) {
        riverSeen = true;
        check(/River phase: (\d+ river tiles left, the lake last|the lake is the last river tile)/.test(await riverLine.innerText()), `the river line: ${await riverLine.innerText()}`);
        check(/The river first: \d+ river tiles? left/.test(await page.locator('#stack .river-line').innerText()), 'the stack panel says the river comes first');
      } else check(!end, 'the river\'s end is marked after the river phase');

      // a recall offered: the button names its points; taken once the abbot has tiles around it
      const recall = page.locator('[data-key=recall]');
      if (await recall.count()) {
        const label = await recall.first().innerText();
        const pts = Number(await recall.first().getAttribute('data-points'));
        const fromGarden = /garden:G/.test(await recall.first().getAttribute('data-move') ?? '');
        check(new RegExp(`^Recall your abbot: ${pts} points?$`).test(label), `the recall button says its points: "${label}"`);
        check(/take your abbot back/i.test(await page.locator('#prompt').innerText()), 'the prompt offers the recall');
        if ((fromGarden && pts >= 3) || (!did.recall && n > 200)) {
          if (!shots.has('recall') && fromGarden) { shots.add('recall'); await shoot('river-recall'); }
          const before = (await pageScores(page))[0];
          await recall.first().click();
          await page.waitForFunction((b) => Number(document.querySelector('#players .score')?.getAttribute('data-score')) !== b, before, { timeout: 10000 });
          const after = (await pageScores(page))[0];
          check(after - before === pts, `the recall gave ${after - before} points, its button said ${pts}`);
          count(fromGarden ? 'recall-garden' : 'recall');
          continue;
        }
      }

      // placing: during the river phase only at its end; after it, next to the abbot
      const spots = await page.$$eval('#board .spot', (els) => els.map((e) => e.getAttribute('data-spot')));
      if (spots.length) {
        if (await riverLine.count()) {
          check(end !== null && spots.every((s) => s === end), `river spots ${spots} are the river's end ${end}`);
          // the picture: a few river tiles down, the end marked where the spot is
          if (!shots.has('river') && await page.locator('#board .layer-tiles [data-pos]').count() >= 4) {
            shots.add('river');
            await shoot('river-phase');
            await page.locator(`#board .spot[data-spot="${spots[0]}"]`).click();
            await page.locator('[data-key=confirm]').click();
            count('river');
            continue;
          }
        }
        const near = new Set((await figureTiles(page, 'abbot', 0)).flatMap((k) => {
          const [x, y] = k.split(',').map(Number);
          return [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => `${x + dx},${y + dy}`));
        }));
        const spot = spots.find((s) => near.has(s)) ?? spots[n % spots.length];
        const at = page.locator(`#board .spot[data-spot="${spot}"]`);
        if (!(await at.click({ timeout: 3000 }).then(() => true, () => false))) {
          await page.keyboard.press('f');
          await at.click({ timeout: 5000 }).catch(() => at.dispatchEvent('click'));
        }
        await page.locator('[data-key=confirm]').click();
        count(await riverLine.count() ? 'river' : near.has(spot) ? 'place-by-abbot' : 'place');
        continue;
      }

      // the follower step: the abbot on a garden, with its own button and only its places
      const figs = await page.$$eval('.figure-choice[data-group=follower] button', (els) => els.map((e) => e.getAttribute('data-key')?.slice(7)));
      if (figs.includes('abbot')) {
        await page.locator('[data-key=figure-abbot]').click();
        check(await page.locator('[data-key=figure-abbot].selected').count() === 1, 'the abbot is shown chosen');
        const targets = await page.$$eval('#board .target', (els) => els.map((e) => e.getAttribute('data-target')));
        check(targets.length > 0 && targets.every((t) => /^(garden|cloister):/.test(t ?? '')), `the abbot's places are cloisters and gardens: ${targets}`);
        const garden = targets.findIndex((t) => /^garden:/.test(t ?? ''));
        if (garden >= 0 || (did['abbot-garden'] ?? 0) > 0) {
          await page.locator('#board .target').nth(Math.max(0, garden)).click();
          check(await page.locator('#board .layer-targets .ghost[data-figure=abbot]').count() === 1, 'a ghost abbot shows where it goes');
          if (garden >= 0 && !shots.has('abbot')) { shots.add('abbot'); await shoot('river-abbot'); }
          const confirm = page.locator('[data-key=confirm]');
          check(/the abbot on the (garden|cloister)/i.test(await confirm.innerText()), `the confirm button names the abbot: ${await confirm.innerText()}`);
          await confirm.click();
          count(garden >= 0 ? 'abbot-garden' : 'abbot-cloister');
          continue;
        }
        // a cloister only, before any garden: kept for a garden (the meeple's places again)
        await page.locator('[data-key=figure-meeple]').click().catch(() => {});
      }
      count(await decide(page, memo));
      if (n % 40 === 39) await checkPlayerText(page, `decision ${n}`);
    }
    check(result === 'over', 'the game did not end');
    check(riverSeen && (did.river ?? 0) > 0, `no river tile placed by the page: ${JSON.stringify(did)}`);
    check((did['abbot-garden'] ?? 0) > 0, `the abbot never went on a garden: ${JSON.stringify(did)}`);
    check((did['recall-garden'] ?? 0) > 0, `the abbot was never recalled from a garden: ${JSON.stringify(did)}`);

    for (const line of await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''))) said.add(line);
    const log = [...said].join('\n');
    for (const re of [/puts? (their|your) abbot on/, /recalling (their|your) abbot from/]) check(re.test(log), `the log never says ${re}`);
    check(await page.locator('#players .supply-figures [data-figure=abbot]').count() === 2, 'the players panel shows each seat\'s abbot in supply');

    // the final screen: gardens in the table, scores equal to the record's
    await page.waitForSelector('#final:not([hidden])');
    const head = await page.locator('#final thead').innerText();
    check(/gardens/.test(head) && /goods/.test(head), `the final table has gardens and goods: ${head}`);
    await checkPlayerText(page, 'the final screen');
    await shoot('river-final');
    await page.click('#final-close');
    await page.click('#fit');
    // pointing at the water names the river
    const [wx, wy] = await page.$eval('#board .layer-tiles .river', (e) => {
      const p = /** @type {SVGPathElement} */ (e), m = p.getScreenCTM();
      const pt = p.getPointAtLength(p.getTotalLength() / 2);
      return m ? [pt.x * m.a + pt.y * m.c + m.e, pt.x * m.b + pt.y * m.d + m.f] : [0, 0];
    });
    await page.mouse.move(wx, wy);
    const tip = await page.locator('#tip').innerText();
    check(/river: no feature/.test(tip), `pointing at the river: "${tip}"`);
    await page.mouse.move(1, 1);
    await page.waitForTimeout(2500);  // the points rising from the last scorings gone
    await shoot('river-board');
    const shown = await checkRecord(page, server.url, game.id, opts.carc);
    check(!errors.length, errors.join('\n'));
    console.log(`     decisions ${JSON.stringify(did)}, scores ${shown}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
