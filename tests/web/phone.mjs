// The phone (issue 32), at 390x844 with touch:
//  1. the final table of a six-seat game with all six expansions (the widest there is) fits the
//     screen: the page does not scroll sideways (`document.scrollingElement.scrollWidth <=
//     innerWidth`) and nothing in the final screen hides a sideways scroll of its own; every
//     seat's total and every number's name are on screen;
//  2. the chat: its panel within two screens of the top (right after the decision), the bar's
//     Chat button bringing it into view; another seat's message marked unread on the button and
//     the panel until the chat is seen, one's own and the chat so far (a reload) never.
import WebSocket from 'ws';
import { check, createGame, launch, startServer, watchErrors } from './lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Waits until fn() holds (polling), or fails saying what. */
async function until(fn, what, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fn()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out: ${what}`);
}

/** Elements that scroll sideways inside `sel` (their content wider than their box): none may. */
function sidewaysScrollers(page, sel) {
  return page.$$eval(`${sel}, ${sel} *`, (els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0 && getComputedStyle(e).overflowX !== 'visible')
    .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth} > ${e.clientWidth}`));
}

async function finalTable(server, browser, shots, errors) {
  const all = 'gifts,christmas,inns,traders,river,abbot';
  const game = await createGame(server.url, { players: Array(6).fill('greedy'), expansions: all, seed: 4 });
  await until(async () => (await (await fetch(`${server.url}/api/games/${game.id}`)).json()).over, 'the computers finish their game');
  const page = await browser.newPage(PHONE);
  watchErrors(page, errors);
  await page.goto(`${server.url}/watch/${game.id}`);
  await page.waitForSelector('#final:not([hidden]) .final-scores');
  const width = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, innerWidth]);
  check(width[0] <= width[1], `the page scrolls sideways on a phone: ${width[0]} > ${width[1]}`);
  const inner = await sidewaysScrollers(page, '#final');
  check(inner.length === 0, `a hidden sideways scroll in the final screen: ${inner.join('; ')}`);
  // every total and every number with its name on the screen's width
  const cells = await page.$$eval('#final .final-scores td', (tds) => tds.map((td) => {
    const r = td.getBoundingClientRect();
    return { label: td.getAttribute('data-label'), left: r.left, right: r.right, shown: getComputedStyle(td, '::before').content };
  }));
  check(cells.filter((c) => c.label === 'Total').length === 6, 'six totals');
  for (const c of cells) check(c.left >= 0 && c.right <= 390, `a cell off the screen: ${JSON.stringify(c)}`);
  check(cells.filter((c) => c.label).every((c) => c.shown.includes(c.label ?? '')), 'every number names its column on a phone');
  await page.screenshot({ path: `${shots}/phone-final.png` });
  await page.close();
}

/** Plays `n` moves of the game by raw sessions of its seats (each the first legal move): a game some turns in, its log long. */
async function playMoves(server, game, n) {
  const socks = game.seats.map((seat) => new WebSocket(`ws://127.0.0.1:${server.port}${seat.ws}`));
  let index = -1, played = 0;
  await new Promise((res, rej) => {
    for (const ws of socks) {
      ws.on('error', rej);
      ws.on('message', (d) => {
        const f = JSON.parse(String(d));
        if (f.type !== 'state' || !f.legal.length || f.index <= index) return;
        if (played >= n) { res(undefined); return; }
        index = f.index;
        played++;
        ws.send(JSON.stringify({ type: 'move', index: f.index, move: f.legal[0] }));
      });
    }
  });
  for (const ws of socks) ws.close();
}

async function chat(server, browser, shots, errors) {
  const game = await createGame(server.url, { players: ['human', 'human'], seed: 3, expansions: 'gifts,christmas' });
  await playMoves(server, game, 40);  // some turns in: the log is long, the page two screens and more
  const page = await browser.newPage(PHONE);
  watchErrors(page, errors);
  await page.goto(`${server.url}${game.seats[1].url}`);
  await page.waitForSelector('#players .score');
  // the chat within two screens of the top: right after the decision on a phone
  const top = await page.evaluate(() => (document.getElementById('chat-panel')?.getBoundingClientRect().top ?? 1e9) + scrollY);
  check(top < 2 * 844, `the chat starts ${top} px down the page: more than two screens`);
  check(await page.locator('#chat-unread').isHidden(), 'nothing unread at first');
  // Red says something from a raw session while Blue reads the log, far below the chat
  await page.locator('#log').scrollIntoViewIfNeeded();
  await page.evaluate(() => scrollTo(0, document.scrollingElement?.scrollHeight ?? 0));
  await page.waitForTimeout(300);
  const red = new WebSocket(`ws://127.0.0.1:${server.port}${game.seats[0].ws}`);
  await new Promise((res, rej) => { red.once('open', res); red.once('error', rej); });
  red.send(JSON.stringify({ type: 'chat', text: 'your move!' }));
  await page.waitForSelector('#chat-unread:not([hidden])');
  check(await page.locator('#chat-unread').innerText() === '1', 'one unread message on the bar\'s button');
  check(await page.locator('#chat-panel.unread').count() === 1, 'the chat panel is marked unread');
  // the button floats on the screen wherever the page is scrolled
  const jump = await page.locator('#chat-jump').boundingBox();
  check(!!jump && jump.y >= 0 && jump.y + jump.height <= 844 && jump.height >= 44, `the Chat button on screen with its mark: ${JSON.stringify(jump)}`);
  red.send(JSON.stringify({ type: 'chat', text: 'hello?' }));
  await page.waitForFunction(() => document.getElementById('chat-unread')?.textContent === '2');
  await page.screenshot({ path: `${shots}/phone-chat-unread.png` });
  // the button: the chat in view, the mark gone
  await page.locator('#chat-jump').tap();
  await page.waitForSelector('#chat-unread', { state: 'hidden' });
  const box = await page.locator('#chat-text').boundingBox();
  check(!!box && box.y >= 0 && box.y + box.height <= 844, `the chat's input in view after the button: ${JSON.stringify(box)}`);
  check(await page.locator('#chat-panel.unread').count() === 0, 'the panel no longer marked');
  // one's own message is not unread; back at the top, a new one from Red is
  await page.locator('#chat-text').fill('coming');
  await page.locator('#chat-form button').tap();
  await page.waitForSelector('#chat-log li:has-text("coming")');
  await page.evaluate(() => scrollTo(0, document.scrollingElement?.scrollHeight ?? 0));
  await page.waitForTimeout(300);
  check(await page.locator('#chat-unread').isHidden(), 'one\'s own message is not unread');
  red.send(JSON.stringify({ type: 'chat', text: 'thanks' }));
  await page.waitForSelector('#chat-unread:not([hidden])');
  // a reload: the chat so far is shown, nothing of it unread
  await page.reload();
  await page.waitForSelector('#chat-log li:has-text("thanks")');
  await page.waitForTimeout(300);
  check(await page.locator('#chat-unread').isHidden(), 'the chat so far is not unread after a reload');
  red.close();
  await page.close();
}

export default async function run(opts) {
  const server = await startServer(opts.carc, undefined, 0, ['--quiet']);
  const browser = await launch();
  const errors = [];
  try {
    await chat(server, browser, opts.shots, errors);
    await finalTable(server, browser, opts.shots, errors);
    check(errors.length === 0, errors.join('\n'));
  } finally {
    await browser.close();
    await server.stop();
  }
}
