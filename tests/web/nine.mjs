// All nine expansions in the browser (issue 30): what a person tripped on in a whole game
// against greedy with all nine (254 decisions by the generic person of lib.mjs, seed 1, no
// console error). With eight kinds of figure in supply the players panel's table was 406 px wide
// in its 341 px panel at 1280x800, its Gifts and Cards columns cut off: each seat's figures now
// wrap onto two rows. Checked at 1280x800 and 1024x768 on a seat's page: the table inside the
// panel, its last column's right edge too, every seat's figure kinds shown. About 5 s.
import { check, createGame, launch, startServer, watchErrors } from './lib.mjs';

const NINE = 'gifts,christmas,inns,traders,river,abbot,dragon,tower,abbey';

export default async function (opts) {
  const server = await startServer(opts.carc);
  const browser = await launch();
  /** @type {string[]} */
  const errors = [];
  try {
    const g = await createGame(server.url, { players: ['human', 'greedy', 'greedy'], expansions: NINE, seed: 3 });
    for (const [width, height] of [[1280, 800], [1024, 768]]) {
      const page = await browser.newPage({ viewport: { width, height } });
      watchErrors(page, errors);
      await page.goto(`${server.url}${g.seats[0].url}`);
      await page.waitForSelector('#players table .supply-figures');
      const m = await page.evaluate(() => {
        const p = /** @type {HTMLElement} */ (document.getElementById('players'));
        const last = [...p.querySelectorAll('table th')].pop()?.getBoundingClientRect();
        return {
          panel: p.clientWidth, scroll: p.scrollWidth, right: p.getBoundingClientRect().right, lastRight: last?.right ?? Infinity,
          heads: [...p.querySelectorAll('table th')].map((th) => th.textContent ?? ''),
          kinds: [...p.querySelectorAll('.supply-figures')].map((b) => b.querySelectorAll('[data-figure]').length),
        };
      });
      check(m.scroll <= m.panel && m.lastRight <= m.right, `${width}x${height}: the players table is ${m.scroll} px wide in a ${m.panel} px panel, its last column ending at ${m.lastRight} (the panel at ${m.right})`);
      check(m.heads.includes('Gifts') && m.heads.includes('Cards'), `the players table's columns: ${m.heads}`);
      check(m.kinds.length === 3 && m.kinds.every((n) => n === 8), `each seat's figure kinds in supply: ${m.kinds}`);
      await page.close();
    }
    check(!errors.length, `console errors: ${errors.join(' | ')}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
