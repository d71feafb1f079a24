// Issue 32, two languages: a browser whose language is German (Playwright's locale de-DE, so
// navigator.languages and Accept-Language say so) gets every page in German. The lobby, a game
// against greedy with The Gifts and Christmas Present played by clicks and keys (the log,
// notices, prompts, cards, the players panel and a hover tip), the how-to page, the ladder and
// the replay viewer are read as a player would (lib.mjs's playerText: text, titles, labels)
// and must hold no English text of the catalogue (web/js/lang/en.js) nor of the server's
// English sentences and cards; <html lang> is "de". Then the page's switch goes back to English:
// the page reloads in English, and the choice is kept for the lobby. The words of moves put a
// figure "in die Stadt", "ins Kloster", "auf die Straße", "auf die Wiese" (a preposition per
// feature, not "auf" for all). Screenshots german-*.png.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { check, decide, launch, shooter, startServer, waitTurn, watchErrors, ROOT, playerText } from './lib.mjs';

/** Pieces of English text long enough to be told apart from German (placeholders and markup cut out). @param {unknown} v */
function pieces(v) {
  const texts = typeof v === 'string' ? [v] : Object.values(/** @type {object} */ (v ?? {}));
  return texts.flatMap((x) => String(x).replace(/<[^>]*>/g, '\u0000').split(/\{[^}]*\}|\u0000/))
    .map((x) => x.trim().replace(/^[,.:;()]+|[,.:;()]+$/g, '').trim())
    .filter((x) => x.length >= 12 && / /.test(x));
}

export default async function (opts) {
  const en = (await import(pathToFileURL(join(ROOT, 'web/js/lang/en.js')).href)).default;
  const de = (await import(pathToFileURL(join(ROOT, 'web/js/lang/de.js')).href)).default;
  // the English a German page must not show: the catalogue's texts German words differently
  const english = new Set(Object.keys(en).filter((k) => JSON.stringify(en[k]) !== JSON.stringify(de[k])).flatMap((k) => pieces(en[k])));
  const server = await startServer(opts.carc);
  const sentences = await (await fetch(`${server.url}/api/sentences`)).json();
  for (const e of Object.values(sentences.events)) for (const p of pieces(e.text)) english.add(p);
  for (const r of Object.values(sentences.reasons)) for (const p of pieces(r)) english.add(p);
  for (const c of await (await fetch(`${server.url}/api/cards`)).json()) for (const p of pieces(c.text)) english.add(p);
  for (const p of [...english]) if (Object.values(de).some((d) => JSON.stringify(d).includes(p))) english.delete(p);
  const browser = await launch();
  const errors = [];
  let checked = 0;
  /** Fails when the page shows English (or is not German). @param {import('playwright-core').Page} page @param {string} where */
  const noEnglish = async (page, where) => {
    check(await page.evaluate(() => document.documentElement.lang) === 'de', `${where}: <html lang> is not "de"`);
    const text = (await playerText(page)).join('\n');
    const found = [...english].filter((p) => text.includes(p));
    check(!found.length, `${where}: English text on a German page: ${JSON.stringify(found.slice(0, 5))}`);
    checked++;
  };
  try {
    const ctx = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    const lobby = await ctx.newPage();
    watchErrors(lobby, errors);
    await lobby.goto(`${server.url}/`);
    await lobby.waitForSelector('#seats select');
    check(/Neues Spiel/.test(await lobby.locator('h1').innerText()), 'the lobby is not in German');
    check(await lobby.locator('#lang').inputValue() === 'de', 'the switch does not show German');
    await noEnglish(lobby, 'the lobby');
    const shots = shooter(lobby, opts.shots);
    await shots('german-lobby');
    await lobby.selectOption('select[data-seat="1"]', 'greedy');
    await lobby.fill('#seed', '7');
    const [page] = await Promise.all([ctx.waitForEvent('page'), lobby.click('#create')]);
    watchErrors(page, errors);
    await noEnglish(lobby, 'the lobby with its links');
    await page.waitForSelector('#board .tile-art');
    const memo = { turn: -1, cards: 0 };
    let hovered = false;
    for (let n = 0; n < 40; n++) {
      const r = await waitTurn(page);
      if (r === 'over') break;
      check(r === 'mine', `the game stalled: ${await page.locator('#status').innerText()}`);
      if (n % 4 === 0) await noEnglish(page, `the game, decision ${n}`);
      if (!hovered && await page.locator('#board .layer-followers .follower').count()) {
        await page.locator('#board .layer-followers .follower').first().hover({ force: true });
        const tip = await page.locator('#tip').innerText();
        check(/Gefolgsleute: .*es gehört|Es gehört niemandem/.test(tip), `the hover tip is not German: "${tip}"`);
        hovered = true;
      }
      await decide(page, memo);
    }
    check(hovered, 'no follower was hovered');
    const log = await page.locator('#log').innerText();
    check(/legt ein Plättchen/.test(log) && /Du legst ein Plättchen/.test(log), `the log is not German: ${log.slice(0, 300)}`);
    await noEnglish(page, 'the game after 40 decisions');
    // where a figure goes, with the preposition German gives each feature ("in die Stadt", not
    // "auf die Stadt"), and where it stands (a capture "in der Stadt", the abbot "aus dem Kloster")
    const said = await page.evaluate(async (moves) => {
      const { moveWords } = await import('/js/words.js');
      return moves.map((m) => moveWords(m, 0));
    }, ['city:N', 'mayor city:N', 'cloister:C', 'abbot garden:G', 'road:E', 'pig field:NE', 'wagon city:N', 'capture (1,0) city:N seat:1', 'fairy (1,0) cloister:C', 'recall (0,1) cloister:C']);
    const want = [/^Einen Gefolgsmann in die Stadt$/, /^Den Bürgermeister in die Stadt$/, /^Einen Gefolgsmann ins Kloster$/, /^Den Abt in den Garten$/,
      /^Einen Gefolgsmann auf die Straße$/, /^Das Schwein auf die Wiese$/, /^Den Wagen in die Stadt$/, /^Den Gefolgsmann von Blau in der Stadt gefangen nehmen$/,
      /^Die Fee neben deinen Gefolgsmann im Kloster stellen$/, /^Deinen Abt aus dem Kloster zurückholen$/];
    want.forEach((re, i) => check(re.test(said[i]), `German words of a move: "${said[i]}", want ${re}`));
    await shooter(page, opts.shots)('german-game');
    for (const path of ['/how.html', '/ladder.html', '/replay/']) {
      const p = await ctx.newPage();
      watchErrors(p, errors);
      await p.goto(`${server.url}${path}`);
      await p.waitForLoadState('networkidle');
      await noEnglish(p, path);
      if (path === '/how.html') await shooter(p, opts.shots)('german-how');
      await p.close();
    }
    // the switch: back to English, this page and (kept in the browser) the lobby
    await Promise.all([page.waitForEvent('load'), page.selectOption('#lang', 'en')]);
    await page.waitForSelector('#board .tile-art');
    await page.waitForFunction(() => /^(Turn \d+|Game over|End of the game)/.test(document.querySelector('#hand-tiles h2')?.textContent ?? ''), null, { timeout: 10000 });
    check(await page.evaluate(() => document.documentElement.lang) === 'en', 'the switch did not set <html lang="en">');
    check(/You are Red/.test(await page.locator('#who').innerText()), 'the game page is not English after the switch');
    await lobby.reload();
    await lobby.waitForSelector('#seats select');
    check(/New game/.test(await lobby.locator('h1').innerText()), 'the lobby did not keep English');
    check(!errors.length, `page errors: ${errors.join('; ')}`);
    console.log(`     ${checked} German pages and moments without English text (${english.size} English pieces looked for)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
