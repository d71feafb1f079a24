// Two people on two seats, each in its own browser context, play a game with both expansions.
// Every frame seat 1's page receives, and its page outside its own hand, log, prompt and the
// public discard piles, must never name a card seat 0 holds hidden at that moment (RULES.md §6).
import { check, createGame, decide, launch, startServer, turnNow, watchErrors } from './lib.mjs';

/** Seat s's own hidden cards in a view of s. */
function ownCards(view, s) {
  return [...(view.gifts?.hands?.[s]?.cards ?? []), ...(view.christmas?.hands?.[s]?.cards ?? [])];
}

/** A frame of seat 1 with the parts that may rightly name cards taken out. */
function stripPublic(frame) {
  const f = JSON.parse(JSON.stringify(frame));
  const v = f.view ?? {};
  if (v.gifts) { v.gifts.discard = []; if (v.gifts.hands?.[1]) v.gifts.hands[1].cards = []; }
  if (v.christmas) {
    if (v.christmas.hands?.[1]) v.christmas.hands[1].cards = [];
    for (const d of Object.values(v.christmas.decks ?? {})) d.discard = [];
    v.christmas.in_play = null;
  }
  f.legal = [];
  // played, opened, discarded and lightning cards are public; seat 1's own draws are its own
  const lightning = '(score_three|score_road_double|score_city_bonus|score_cloister_bonus|claim_\\w+|intrude_\\w+|lock_\\w+|tiebreak_(road|city|cloister))';
  const pub = (e) => /^(play|discard) /.test(e) || /^(card|gift) 1 /.test(e) || new RegExp(`^card \\d+ ${lightning}$`).test(e);
  const pubLog = (l) => /^seat \d+ plays |is discarded$|^seat 1 /.test(l) || new RegExp(`^seat \\d+ draws card ${lightning}$`).test(l);
  f.events = (f.events ?? []).filter((e) => !pub(e));
  f.log = (f.log ?? []).filter((l) => !pubLog(l));
  return JSON.stringify(f);
}

export default async function (opts) {
  const server = await startServer(opts.carc);
  /** @type {Record<string, string>} card names by id, as the pages show them */
  const cardNames = Object.fromEntries((await (await fetch(`${server.url}/api/cards`)).json()).map((c) => [c.id, c.name]));
  const browser = await launch();
  const errors = [];
  try {
    const game = await createGame(server.url, { players: ['human', 'human'], expansions: 'gifts,christmas', seed: 21 });
    const pages = [];
    /** frames[s][index] = the last frame seat s received for that index */
    const frames = [[], []];
    const all1 = [];
    for (const s of [0, 1]) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await ctx.newPage();
      watchErrors(page, errors);
      page.on('websocket', (ws) => ws.on('framereceived', (f) => {
        const msg = JSON.parse(String(f.payload));
        if (msg.type !== 'state') return;
        frames[s][msg.index] = msg;
        if (s === 1) all1.push(msg);
      }));
      await page.goto(`${server.url}${game.seats[s].url}`);
      await page.waitForSelector('#board .tile-art');
      pages.push(page);
    }
    const memos = [{ turn: -1, cards: 0 }, { turn: -1, cards: 0 }];
    let held = 0, domChecks = 0;
    for (let n = 0; n < 20000; n++) {
      const st = await Promise.all(pages.map((p) => turnNow(p)));
      if (st.includes('over')) break;
      const s = st.indexOf('mine');
      if (s < 0) { await pages[0].waitForTimeout(30); continue; }
      // the DOM of seat 1, outside its own hand, the log and the prompt
      const hidden0 = ownCards(frames[0][frames[0].length - 1]?.view ?? {}, 0);
      if (hidden0.length) {
        const text = await pages[1].evaluate(() => {
          const clone = /** @type {HTMLElement} */ (document.body.cloneNode(true));
          for (const sel of ['#hand', '#log', '#prompt', '.discards']) clone.querySelectorAll(sel).forEach((e) => e.remove());
          return clone.innerHTML;
        });
        const mine1 = ownCards(frames[1][frames[1].length - 1]?.view ?? {}, 1);
        for (const id of hidden0) {
          if (mine1.includes(id)) continue;
          check(cardNames[id] !== undefined, `no card named "${id}" in /api/cards`);
          check(!text.includes(id) && !text.includes(cardNames[id]), `seat 1's page shows "${id}" that seat 0 holds`);
        }
        domChecks++;
      }
      // the people keep their cards (0 per window), so hands fill up and stay hidden
      await decide(pages[s], memos[s], 0);
    }
    // every frame of seat 1 against seat 0's hand at the same index
    for (const f of all1) {
      const f0 = frames[0][f.index];
      if (!f0) continue;
      const own1 = ownCards(f.view, 1);
      check(f.view.view === 1, 'a frame of seat 1 is not its view');
      check((f.view.gifts?.hands?.[0]?.cards ?? []).length === 0 && (f.view.christmas?.hands?.[0]?.cards ?? []).length === 0, `frame ${f.index} shows seat 0's hand to seat 1`);
      const text = stripPublic(f);
      for (const id of ownCards(f0.view, 0)) {
        held++;
        if (own1.includes(id)) continue;
        check(!new RegExp(`\\b${id}\\b`).test(text), `frame ${f.index} to seat 1 names "${id}", which seat 0 holds: ${text.slice(0, 300)}`);
      }
    }
    check(all1.length > 50 && held > 20 && domChecks > 10, `too little was checked: ${all1.length} frames, ${held} held cards, ${domChecks} page checks`);
    check(!errors.length, errors.join('\n'));
    console.log(`     ${all1.length} frames of seat 1 checked against ${held} cards held by seat 0; ${domChecks} page checks`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
