// The Princess & the Dragon, The Tower and Abbey & Mayor together in the browser (issue 30): a
// complete game of a person against two greedy players, every decision by clicks
// (box_clicks.mjs; seed 5, `CARC_THREE_BOXES_SEED`, found with `box_seeds.mjs ... final 3`:
// three seats give the person fewer decisions than two, so the test stays near a minute). The
// person moves the dragon when its step is theirs, builds floors and captures, puts every
// figure of Abbey & Mayor, keeps the abbey for the final round of abbeys and places it then.
// Checked: dragon steps, a capture and an exchange of prisoners (or a ransom), a barn scoring
// and the final abbey round all happened; the dragon's path stays shown after it stops until
// the next tile is placed; the final round's prompt; the final scores against the record and
// `carc replay`. Screenshots `boxes-*.png` (docs/screenshots). About 80 s on a busy machine.
import { check, checkPlayerText } from './lib.mjs';
import { boxGame } from './box_clicks.mjs';

const SEED = Number(process.env.CARC_THREE_BOXES_SEED ?? 5);

export default async function (opts) {
  const shots = new Set();
  let pathKept = 0;
  const { seen, moves } = await boxGame(opts, { expansions: 'dragon,tower,abbey', players: ['human', 'greedy', 'greedy'], seed: SEED, abbeyNow: (f) => f.view.stack_left === 0 }, async (page, f, m, shoot) => {
    const once = async (/** @type {string} */ name) => { if (!shots.has(name)) { shots.add(name); await shoot(name); } };
    const dec = f.view.pending.decision;
    const prompt = () => page.locator('#prompt > p').first().innerText();
    if (dec === 'dragon') await once('boxes-dragon');
    if (dec === 'capture') await once('boxes-capture');
    // after a movement of the dragon, until the next tile, its whole path is still drawn
    const d = f.view.dragon;
    if (d?.dragon && !d.walk && dec === 'place' && !pathKept && await page.locator('#board .dragon-path-done').count()) {
      check(await page.locator('#board .dragon-path-done .dragon-path-step').count() >= 2, 'the finished path has no steps');
      pathKept++;
      await once('boxes-dragon-stopped');
    }
    if (dec === 'abbey' && f.view.stack_left === 0) {
      check(/final round of abbeys/.test(await prompt()), `the final round's prompt: ${await prompt()}`);
      check(/Keep my abbey/.test(await page.locator('#prompt [data-key=pass]').innerText()), 'the final round\'s pass button');
      check(await page.locator('#board [data-hole]').count() > 0, 'no hole outlined in the final round');
      await checkPlayerText(page, 'the final round of abbeys');
      await once('boxes-final-abbey');
    }
    void m;
  }, async (page, saw, shoot) => {
    for (const k of ['dragon_step', 'capture', 'barn_score', 'final_abbey_0']) check(saw[k], `no ${k} in the game (seed ${SEED}): ${JSON.stringify(saw)}`);
    check(saw.exchange || saw.ransom, `neither an exchange nor a ransom (seed ${SEED}): ${JSON.stringify(saw)}`);
    check(pathKept, 'the dragon\'s path was never seen after it stopped');
    const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
    check(log.some((l) => /^You move the dragon one tile\./.test(l)), 'the log does not tell the dragon');
    check(log.some((l) => /captures .* their prisoner now\./.test(l)), 'the log does not tell a capture');
    check(log.some((l) => /a barn field/.test(l)), 'the log does not tell a barn scoring');
    await shoot('boxes-final');
  });
  console.log(`     ${moves} decisions by clicks, seen ${JSON.stringify(seen)}`);
}
