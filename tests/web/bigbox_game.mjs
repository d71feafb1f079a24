// Issue 19 in the browser: a complete game with Inns & Cathedrals, Traders & Builders, The Gifts
// and Christmas Present, a person (clicks only) against `greedy`. The person chooses the large
// meeple, the builder and the pig with the figure buttons of the follower step (only that
// figure's places are shown), places tiles next to their builder until a double turn is owed and
// takes it from its prompt. Checked: the figures on the board by kind, the goods and figures in
// supply in the players panel, the hover of a feature with an inn or cathedral, the final table
// with goods and the pig, the final scores equal to the record's, `carc replay` accepts it.
// Screenshots (bigbox-*.png) of the figure choice, the double turn and the final screen.
import { check, checkPlayerText, checkRecord, createGame, decide, figureTiles, launch, shotPage, startServer, waitTurn } from './lib.mjs';

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const { page, shoot } = await shotPage(browser, errors, opts.shots);
    const game = await createGame(server.url, { players: ['human', 'greedy'], expansions: 'inns,traders,gifts,christmas', seed: Number(process.env.CARC_BIGBOX_SEED ?? 3) });
    await page.goto(`${server.url}${game.seats[0].url}`);
    await page.waitForSelector('#board .tile-art');
    const memo = { turn: -1, cards: 0 };
    const did = {};
    const count = (k) => { did[k] = (did[k] ?? 0) + 1; };
    const shots = new Set();
    /** @type {Set<string>} */
    const said = new Set();
    let result;
    for (let n = 0; n < 3000; n++) {
      result = await waitTurn(page);
      if (result === 'over') break;
      check(result === 'mine', `the game stalled: ${await page.locator('#status').innerText()}`);
      // what the log said is gathered as the game goes
      for (const line of await page.$$eval('#log li', (els) => els.slice(-40).map((e) => e.textContent ?? ''))) said.add(line);

      // now and then, pointing at a cathedral's city and at followers tells what an inn or a
      // cathedral makes their feature worth, and that it is worth nothing unfinished at the end
      if (n % 10 === 9) {
        const cath = page.locator('#board .layer-tiles .cathedral-wall');
        if (await cath.count()) {
          await cath.first().hover({ force: true });
          const tip = await page.locator('#tip').innerText();
          check(/cathedral/.test(tip) && (/0 if still unfinished at the end/.test(tip) || /completed/.test(tip)), `pointing at a cathedral shows "${tip}"`);
          count('hover-cathedral');
        }
        for (const f of await page.locator('#board .layer-followers .follower').all()) {
          await f.hover({ force: true });
          const tip = await page.locator('#tip').innerText();
          if (/with an inn/.test(tip)) {
            check(/worth 0 if still unfinished at the end|completed/.test(tip), `an inn road's hover: "${tip}"`);
            count('hover-inn');
          }
        }
        await page.mouse.move(1, 1);
      }

      // the double turn: a clear prompt with its own button, only when owed
      if (await page.locator('[data-key=again]').count()) {
        check(/second turn/.test(await page.locator('#prompt').innerText()), 'the double-turn prompt says what it is');
        if (!shots.has('double')) { shots.add('double'); await shoot('bigbox-double'); }
        await page.locator('[data-key=again]').click();
        count('again');
        continue;
      }

      // placing: next to the tiles of this seat's builder, so that it is extended
      const spots = await page.$$eval('#board .spot', (els) => els.map((e) => e.getAttribute('data-spot')));
      if (spots.length) {
        const near = new Set((await figureTiles(page, 'builder', 0)).flatMap((k) => {
          const [x, y] = k.split(',').map(Number);
          return [`${x + 1},${y}`, `${x - 1},${y}`, `${x},${y + 1}`, `${x},${y - 1}`];
        }));
        const spot = spots.find((s) => near.has(s)) ?? spots[n % spots.length];
        // a spot under the board's tools (a corner of a wide board) is brought into view
        // first, by fitting the board (key F), as a player would
        const at = page.locator(`#board .spot[data-spot="${spot}"]`);
        if (!(await at.click({ timeout: 3000 }).then(() => true, () => false))) {
          await page.keyboard.press('f');
          await at.click({ timeout: 5000 }).catch(() => at.dispatchEvent('click'));
        }
        if (near.has(spot) && n % 2 && await page.locator('[data-key=rotate]:not([disabled])').count()) await page.locator('#board .spot.active').click();
        await page.locator('[data-key=confirm]').click();
        count(near.has(spot) ? 'place-by-builder' : 'place');
        continue;
      }

      // the follower step: the figure first (pig, builder, large meeple), then its place
      const figs = await page.$$eval('.figure-choice[data-group=follower] button', (els) => els.map((e) => e.getAttribute('data-key')?.slice(7)));
      if (figs.length) {
        // the picture of a choice between three figures or more, before choosing
        if (figs.length >= 3 && !shots.has('choice')) { shots.add('choice'); await shoot('bigbox-choice'); }
        const want = ['pig', 'builder', 'large'].find((f) => figs.includes(f) && (f !== 'large' || (did.large ?? 0) < 3));
        if (want) {
          await page.locator(`[data-key=figure-${want}]`).click();
          check(await page.locator(`[data-key=figure-${want}].selected`).count() === 1, `the ${want} is shown chosen`);
          // only that figure's places: a ghost of it on the one picked
          const targets = await page.$$eval('#board .target', (els) => els.map((e) => e.getAttribute('data-target')));
          check(targets.length > 0, `no place shown for the ${want}`);
          if (want === 'pig') check(targets.every((t) => /^field:/.test(t ?? '')), `the pig's places are fields: ${targets}`);
          if (want === 'builder') check(targets.every((t) => /^(road|city):/.test(t ?? '')), `the builder's places are roads and cities: ${targets}`);
          // the large meeple on a road (else a city or cloister) when it can: it comes back when scored
          const road = targets.findIndex((t) => /^road:/.test(t ?? ''));
          const pick = want === 'large' ? (road >= 0 ? road : targets.findIndex((t) => !/^field:/.test(t ?? ''))) : 0;
          await page.locator('#board .target').nth(Math.max(0, pick)).click();
          check(await page.locator(`#board .layer-targets .ghost[data-figure=${want}]`).count() === 1, `a ghost ${want} shows where it goes`);
          // the picture: the builder or the pig chosen and its ghost on the tile
          if ((want === 'builder' || want === 'pig') && !shots.has('figures3') && (figs.length >= 3 || !shots.has('figures'))) {
            shots.add('figures');
            if (figs.length >= 3) shots.add('figures3');
            await shoot('bigbox-figures');
          }
          const confirm = page.locator('[data-key=confirm]');
          check(new RegExp(want === 'large' ? 'large meeple' : want).test(await confirm.innerText()), `the confirm button names the ${want}`);
          await confirm.click();
          count(want);
          continue;
        }
      }
      // a farmer now and then, so that a pig has a field to go to
      const field = page.locator('#board .target[data-target^="field:"]');
      if (figs.length && (did.farmer ?? 0) < 2 && await field.count()) {
        await field.first().click();
        await page.locator('[data-key=confirm]').click();
        count('farmer');
        continue;
      }
      count(await decide(page, memo));
      if (n % 40 === 39) await checkPlayerText(page, `decision ${n}`);
    }
    check(result === 'over', 'the game did not end');

    // figures drawn apart on the board and counted in supply by kind
    for (const f of ['large', 'builder', 'pig']) check((did[f] ?? 0) > 0, `the ${f} was never placed: ${JSON.stringify(did)}`);
    check((did.again ?? 0) > 0, `no double turn was taken: ${JSON.stringify(did)}`);
    for (const line of await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''))) said.add(line);
    const log = [...said].join('\n');
    for (const re of [/puts? a large meeple on/, /puts? (their|your) builder on/, /puts? (their|your) pig in/, /second turn/]) check(re.test(log), `the log never says ${re}: ${(await page.locator("#players").innerText()).replace(/\n/g, " ")} ${[...said].filter((l) => /take|good/.test(l)).slice(0, 8).join(" / ")}`);
    const goods = await page.$$eval('#players .goods-row [data-goods]', (els) => els.reduce((n, e) => n + Number(e.getAttribute('data-count')), 0));
    check(!goods || /takes \d+ (wine|grain|cloth)/.test(log), 'goods were taken and the log never said so');
    check(await page.locator('#players .supply-figures [data-figure=pig]').count() === 2, 'the players panel shows each seat\'s pig in supply');
    check(await page.locator('#players .goods-row [data-goods=wine]').count() === 2, 'the players panel shows each seat\'s goods');

    // the final screen: goods and the pig, scores equal to the record's
    await page.waitForSelector('#final:not([hidden])');
    const head = await page.locator('#final thead').innerText();
    check(/goods/.test(head) && /pig/.test(head), `the final table has goods and the pig: ${head}`);
    await checkPlayerText(page, 'the final screen');
    await shoot('bigbox-final');
    await page.click('#final-close');
    await page.click('#fit');
    await shoot('bigbox-board');
    const shown = await checkRecord(page, server.url, game.id, opts.carc);
    check(!errors.length, errors.join('\n'));
    console.log(`     decisions ${JSON.stringify(did)}, scores ${shown}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
