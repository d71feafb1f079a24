// The replay viewer (/replay/ID, or a record file dropped on the page). The page knows no
// rules, so it asks the server to play the record again (POST /api/replay): the answer is what
// a spectator saw after the start and after each move, and nothing is stored.
import { Board } from './board.js';
import { drawChart } from './chart.js';
import { featureAt, hoverWords, mayorsOn } from './features.js';
import { playerLabel, renderPlayers } from './panels.js';
import { loadCards } from './cards.js';
import { eventWords, loadSentences, movePast } from './words.js';
import { has, list, t } from './i18n.js';

/** @typedef {import('./types.js').GameRecord} GameRecord */
/** @typedef {import('./types.js').GameSummary} GameSummary */
/** @typedef {import('./types.js').Replay} Replay */
/** @typedef {import('./types.js').ReplayStep} ReplayStep */
/** @typedef {import('./types.js').ApiError} ApiError */
/** @typedef {import('./types.js').TileDef} TileDef */

/** An element of replay.html (every id asked for is there). @param {string} id @returns {HTMLElement} */
const $ = (id) => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`replay.html has no #${id}`);
  return e;
};
/** @type {ReplayStep[]} */
let steps = [];
let at = 0;
/** @type {string[]} the seats' players (`human`, `greedy`...) */
let players = [];
/** @type {Board} set by start() before anything is drawn */
let board;
/** Two ports of one tile name one segment (for featureAt). @type {import('./features.js').SameSegment} */
const same = (x, y, a, b) => board.sameSegment(x, y, a, b);

/** What an exception says. @param {unknown} err */
function message(err) {
  return err instanceof Error ? err.message : String(err);
}

/** @param {string} t */
function status(t, cls = '') { $('status').textContent = t; $('status').className = `status ${cls}`; }

/** The record's steps from the server: the public view and events after each move. @param {GameRecord} rec @returns {Promise<ReplayStep[]>} */
async function rebuild(rec) {
  const res = await fetch('/api/replay', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rec),
  });
  /** @type {Replay|ApiError} */
  const made = await res.json();
  if (!res.ok || 'error' in made) throw new Error('error' in made ? made.error : `the server refused the record (${res.status})`);
  const out = made.steps;
  const final = out[out.length - 1].view.scores;
  if (rec.scores && rec.scores.join() !== final.join()) throw new Error(`the replayed scores ${final} differ from the record's ${rec.scores}`);
  return out;
}

/** Shows step `i` (0: the start), clamped to the steps there are. @param {number} i */
function show(i) {
  at = Math.max(0, Math.min(steps.length - 1, i));
  const s = steps[at];
  board.render(s.view);
  if (!board.userMoved) board.fit();
  renderPlayers($('players'), s.view, players, -1);
  /** @type {HTMLInputElement} */ ($('slider')).value = String(at);
  const who = playerLabel(s.view.active, players[s.view.active], -1);
  // who made this step's move: the seat the step before was waiting for
  const by = at ? steps[at - 1].view.pending?.seat ?? -1 : -1;
  const mover = by >= 0 ? playerLabel(by, players[by], -1) : '';
  $('step').textContent = at ? `${t('replay.move', { at, n: steps.length - 1, seat: mover, move: movePast(s.move ?? '') })}${s.view.over ? ` ${t('game.over.status')}` : ''}` : t('replay.start', { n: steps.length - 1, seat: who });
  $('step').dataset.index = String(at);
  const names = players.map((p, k) => playerLabel(k, p, -1));
  const ol = $('log');
  ol.replaceChildren();
  for (let k = Math.max(0, at - 40); k <= at; k++) {
    for (const ev of steps[k].events) {
      const li = document.createElement('li');
      li.textContent = eventWords(ev, names);
      if (/^score /.test(ev)) li.className = 'scored';
      ol.appendChild(li);
    }
  }
  ol.scrollTop = ol.scrollHeight;
  drawChart($('chart'), steps.slice(0, at + 1).map((x) => ({ turn: x.view.turn, scores: x.view.scores })), s.view.players);
}


/** Plays a record again on the server and shows its first step (the start). @param {GameRecord} rec */
async function load(rec) {
  status(t('replay.loading'));
  players = Array.from({ length: rec.players }, () => 'human');
  steps = await rebuild(rec);
  const slider = /** @type {HTMLInputElement} */ ($('slider'));
  slider.max = String(steps.length - 1);
  board.userMoved = false;
  show(0);
  board.fit();
  const names = (rec.expansions ?? '').split(',').filter((e) => e && e !== 'base').map((e) => (has(`exp.${e}`) ? t(`exp.${e}`) : e));
  const exp = names.length ? list(names) : t('replay.base');
  status(t('replay.about', { players: rec.players, what: exp, seed: rec.seed, n: rec.moves.length }));
}

async function start() {
  /** @type {[TileDef[], void, void]} */
  const [tiles] = await Promise.all([fetch('/api/tiles').then((r) => r.json()), loadCards(), loadSentences()]);
  const svg = $('board');
  if (!(svg instanceof SVGSVGElement)) throw new Error('the page has no board');
  board = new Board(svg, new Map(tiles.map((t) => [t.id, t])));
  $('zoom-in').onclick = () => board.zoom(1.25);
  $('zoom-out').onclick = () => board.zoom(0.8);
  $('fit').onclick = () => board.fit();
  $('first').onclick = () => show(0);
  $('back').onclick = () => show(at - 1);
  $('forward').onclick = () => show(at + 1);
  $('last').onclick = () => show(steps.length - 1);
  $('slider').oninput = (e) => show(Number(/** @type {HTMLInputElement} */ (e.target).value));
  document.addEventListener('keydown', (e) => {
    if (!steps.length || /** @type {HTMLElement} */ (e.target).tagName === 'INPUT' && e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    /** @type {Record<string, number>} */
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1 };
    if (e.key in moves) { show(moves[e.key]); e.preventDefault(); }
  });
  window.addEventListener('resize', () => { if (steps.length && !board.userMoved) board.fit(); else board.resized(); });
  const tip = $('tip');
  svg.addEventListener('pointermove', (e) => {
    if (!steps.length || e.buttons) return;
    const u = board.segmentUnder(e.clientX, e.clientY);
    const f = u && featureAt(steps[at].view, u.x, u.y, u.port, same);
    board.highlightFeature(f);
    tip.hidden = !u;
    if (u) {
      const r = svg.getBoundingClientRect();
      tip.textContent = hoverWords(f, u.type, undefined, mayorsOn(steps[at].view, f, same));
      tip.style.left = `${Math.min(e.clientX - r.left + 14, r.width - 270)}px`;
      tip.style.top = `${e.clientY - r.top + 14}px`;
    }
  });
  /** @param {File} file */
  const readFile = async (file) => {
    try { await load(JSON.parse(await file.text())); } catch (err) { status(t('replay.bad_file', { error: message(err) }), 'error'); }
  };
  $('file').onchange = (e) => { const f = /** @type {HTMLInputElement} */ (e.target).files?.[0]; if (f) readFile(f); };
  const drop = $('drop');
  document.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  document.addEventListener('drop', (e) => { e.preventDefault(); const f = e.dataTransfer?.files?.[0]; if (f) readFile(f); });
  const id = location.pathname.split('/').filter(Boolean)[1];
  if (!id) { status(t('replay.drop')); return; }
  const res = await fetch(`/api/games/${id}/record`);
  if (!res.ok) { status(res.status === 404 ? t('replay.no_record') : t('api.status', { n: res.status }), 'error'); return; }
  /** @type {GameRecord} */
  const rec = await res.json();
  try {
    /** @type {GameSummary} */
    const info = await (await fetch(`/api/games/${id}`)).json();
    await load(rec);
    players = info.players ?? players;
    show(at);
  } catch (err) { console.error(err instanceof Error ? err.stack : err); status(t('replay.cannot', { error: message(err) }), 'error'); }
}

start().catch((e) => status(t('game.cannot_start', { error: String(e) }), 'error'));
