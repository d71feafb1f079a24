// Abbey & Mayor in the browser (issue 30): a complete game of a person against greedy, every
// decision by clicks (box_clicks.mjs; seed 4, `CARC_ABBEY_SEED`, found with box_seeds.mjs). The
// person places the abbey at once by clicking a hole (the holes outlined, its prompt), puts the
// mayor, the wagon and the barn with the figure buttons (each button named, the barn's targets
// at tile corners), and moves the wagon on after its scoring from its own prompt. Checked: the
// abbey drawn with its wall, the players panel's abbey lines, notices and the log for the abbey,
// the mayor, the barn and the wagon, a barn scoring, the final scores against the record and
// `carc replay`. Screenshots `abbey-*.png`. About 35 s on a busy machine.
import { check, checkPlayerText } from './lib.mjs';
import { boxGame } from './box_clicks.mjs';

const SEED = Number(process.env.CARC_ABBEY_SEED ?? 4);

export default async function (opts) {
  /** @type {Set<string>} the notices shown */
  const notices = new Set();
  const shots = new Set();
  const { seen, moves } = await boxGame(opts, { expansions: 'abbey', players: ['human', 'greedy'], seed: SEED, abbeyNow: () => true }, async (page, f, m, shoot) => {
    const once = async (/** @type {string} */ name) => { if (!shots.has(name)) { shots.add(name); await shoot(name); } };
    for (const t of await page.$$eval('#notices .notice', (els) => els.map((e) => e.textContent ?? ''))) notices.add(t);
    const dec = f.view.pending.decision;
    const prompt = () => page.locator('#prompt > p').first().innerText();
    if (dec === 'abbey') {
      // the holes outlined (each an empty place with four neighbours), the choice said
      check(/You still hold your abbey\. You may place it now instead of drawing a tile/.test(await prompt()), `the abbey's prompt: ${await prompt()}`);
      check(await page.locator('#prompt [data-key=abbey]').count() === 1 && /Draw a tile/.test(await page.locator('#prompt [data-key=pass]').innerText()), 'the abbey\'s buttons');
      check(await page.locator('#board [data-hole]').count() > 0, 'no hole outlined for the abbey');
      await checkPlayerText(page, 'the abbey decision');
      await once('abbey-holes');
    }
    if (dec === 'place' && f.view.hand_tiles[0] === 'AM/A') {
      check(await page.locator('#board .spot.active').count() === 1, 'the hole clicked is not chosen for the abbey');
      check(/Place your abbey/.test(await prompt()), `the abbey's placement prompt: ${await prompt()}`);
    }
    if (dec === 'follower' && /^(mayor|wagon|barn) /.test(m)) {
      const fig = m.split(' ')[0];
      const b = page.locator(`#prompt [data-key=figure-${fig}]`);
      check(await b.count() === 1, `no ${fig} button`);
      check((await b.innerText()).includes(fig[0].toUpperCase() + fig.slice(1)) && (await b.getAttribute('title') ?? '').length > 30, `the ${fig} button does not say what it is`);
      if (fig === 'barn') {
        await b.click();
        // the barn's places are the corners of the tile: a target ring at a corner
        const ring = await page.locator('#board .layer-targets .target').first().getAttribute('transform') ?? '';
        const [, x, y] = /translate\((-?[\d.]+) (-?[\d.]+)\)/.exec(ring) ?? [];
        check(Math.abs(Number(x) % 100) < 0.5 && Math.abs(Number(y) % 100) < 0.5, `the barn's target is not at a corner: ${ring}`);
        check(/Your barn goes at a corner of the tile/.test(await prompt()), `the barn's prompt: ${await prompt()}`);
        await once('abbey-barn');
      }
    }
    if (dec === 'wagon') {
      check(/Your wagon's road, city or cloister has just been scored/.test(await prompt()), `the wagon's prompt: ${await prompt()}`);
      check(/Leave the wagon in my supply/.test(await page.locator('#prompt [data-key=pass]').innerText()), 'the wagon\'s pass button');
      check(await page.locator('#board .layer-targets .target').count() === f.legal.filter((x) => x.startsWith('wagon ')).length, 'the wagon\'s targets are not its moves');
      await checkPlayerText(page, 'the wagon decision');
      await once('abbey-wagon');
    }
  }, async (page, saw, shoot) => {
    // every figure of Abbey & Mayor placed by the person, the abbey, a wagon moved, a barn scored
    for (const k of ['abbey_0', 'mayor', 'wagon', 'barn', 'wagon_move', 'barn_score']) check(saw[k], `no ${k} in the game (seed ${SEED}): ${JSON.stringify(saw)}`);
    check(await page.locator('#board .abbey-wall').count() === 2, 'the abbeys are not drawn with their wall');
    check(await page.locator('#players .abbey-row[data-abbey=placed]').count() === 2, 'the players panel does not say both abbeys are placed');
    check(await page.locator('#board .layer-followers .follower.seat-0[data-figure=barn]').count() === 1, 'the barn is not on the board');
    const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
    check(log.some((l) => /^You put your mayor on a city\./.test(l)), 'the log does not tell the mayor');
    check(log.some((l) => /^You build your barn where four fields meet\./.test(l)), 'the log does not tell the barn');
    check(log.some((l) => /^You put your wagon on a (road|city|cloister)\./.test(l)), 'the log does not tell the wagon');
    check(log.some((l) => /a barn field/.test(l)), 'the log does not tell a barn scoring');
    check([...notices].some((t) => /^You place your abbey instead of drawing a tile/.test(t)), `no notice of the abbey: ${[...notices].slice(0, 5)}`);
    check([...notices].some((t) => /^You move your wagon on to a \w+ nearby\./.test(t)), 'no notice of the wagon\'s move');
    check([...notices].some((t) => /^You build your barn where four fields meet/.test(t)), 'no notice of the barn');
    await shoot('abbey-final');
  });
  console.log(`     ${moves} decisions by clicks, seen ${JSON.stringify(seen)}`);
}
