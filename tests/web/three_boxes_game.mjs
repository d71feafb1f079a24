// The Princess & the Dragon, The Tower and Abbey & Mayor together in the browser (issue 30): a
// complete game of a person against two greedy players, every decision by clicks
// (box_clicks.mjs; seed 5, `CARC_THREE_BOXES_SEED`, found with `box_seeds.mjs ... final 3`:
// three seats give the person fewer decisions than two, so the test stays near a minute). The person moves the dragon
// when its step is theirs, builds floors and captures, puts every figure of Abbey & Mayor,
// keeps the abbey for the final round of abbeys and places it then. Checked: dragon steps, a
// capture and an exchange of prisoners (or a ransom), a barn scoring and the final abbey
// round all happened; the dragon's path stays shown after it stops until the next turn; the
// final round's prompt; the final scores against the record and `carc replay`. Screenshots
// `boxes-*.png` (docs/screenshots). About 60 s on a busy machine.
import { check, checkPlayerText, checkRecord, createGame, launch, shotPage, startServer } from './lib.mjs';
import { boxSeen } from './box_policy.mjs';
import { playByClicks } from './box_clicks.mjs';

const SEED = Number(process.env.CARC_THREE_BOXES_SEED ?? 5);

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  const errors = [];
  try {
    const { page, shoot } = await shotPage(browser, errors, opts.shots);
    const game = await createGame(server.url, { players: ['human', 'greedy', 'greedy'], expansions: 'dragon,tower,abbey', seed: SEED });
    await page.goto(`${server.url}${game.seats[0].url}`);
    await page.waitForSelector('#board .tile-art');
    /** @type {Record<string, number>} */
    const seen = {};
    const shots = new Set();
    const once = async (/** @type {string} */ name) => { if (!shots.has(name)) { shots.add(name); await shoot(name); } };
    let pathKept = 0;
    const moves = await playByClicks(page, server, game.seats[0].ws, (f) => f.view.stack_left === 0, {
      onFrame: (f, prev) => boxSeen(f, prev, seen),
      onDecision: async (f, m) => {
        const dec = f.view.pending.decision;
        const prompt = () => page.locator('#prompt > p').first().innerText();
        if (dec === 'dragon') await once('boxes-dragon');
        if (dec === 'capture') await once('boxes-capture');
        if (dec === 'follower' && m.startsWith('barn ')) await once('boxes-barn');
        // after a movement of the dragon, in the same turn, its whole path is still drawn
        const d = f.view.dragon;
        if (d?.dragon && !d.walk && dec !== 'dragon' && seen.dragon_step && !pathKept && await page.locator('#board .dragon-path-done').count()) {
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
      },
    });
    for (const k of ['dragon_step', 'capture', 'barn_score', 'final_abbey_0']) check(seen[k], `no ${k} in the game (seed ${SEED}): ${JSON.stringify(seen)}`);
    check(seen.exchange || seen.ransom, `neither an exchange nor a ransom (seed ${SEED}): ${JSON.stringify(seen)}`);
    check(pathKept, 'the dragon\'s path was never seen after it stopped');
    await page.waitForSelector('#final:not([hidden])');
    const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent ?? ''));
    check(log.some((l) => /^You move the dragon one tile\./.test(l)), 'the log does not tell the dragon');
    check(log.some((l) => /captures .* their prisoner now\./.test(l)), 'the log does not tell a capture');
    check(log.some((l) => /a barn field/.test(l)), 'the log does not tell a barn scoring');
    await checkRecord(page, server.url, game.id, opts.carc);
    await shoot('boxes-final');
    check(!errors.length, errors.join('\n'));
    console.log(`     ${moves} decisions by clicks, seen ${JSON.stringify(seen)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
