// The game page (/play/ID/TOKEN for a seat, /watch/ID for a spectator): draws the state the
// server pushes and turns clicks and keys into one of the legal moves it listed. Everything
// shown comes from the frames; the page knows no rules (moves.js only narrows the legal list).
import { Board, figureIcon } from './board.js';
import { SEAT_COLOURS, seatName, swatchHtml } from './seats.js';
import { has, list, t } from './i18n.js';
import { CARDS, cardName, loadCards } from './cards.js';
import { drawChart } from './chart.js';
import { figureOf, groupMoves, nextChoices, parsePlacement, tokens } from './moves.js';
import { Link } from './net.js';
import { tileIcon } from './tiles.js';
import { cardNumber, featureAt, followerCount, hoverWords, mayorsOn } from './features.js';
import { eventWords, loadSentences, moveWords, waitWords } from './words.js';
import { playerLabel, renderFinal, renderPlayers, renderStack } from './panels.js';
import { explain, showNotices } from './notices.js';
import { rememberGame } from './mine.js';
import { ladderMessage } from './ladder_seat.js';
import { Clocks } from './clock.js';
import { Undo, undoRefusal } from './undo.js';
import { ChatSeen } from './chat_seen.js';

/** @typedef {import('./types.js').Frame} Frame */
/** @typedef {import('./types.js').StateFrame} StateFrame */
/** @typedef {import('./types.js').View} View */
/** @typedef {import('./types.js').DecisionName} DecisionName */
/** @typedef {import('./types.js').CardTarget} CardTarget */
/** @typedef {import('./types.js').GameSummary} GameSummary */
/** @typedef {import('./types.js').TileDef} TileDef */
/** @typedef {import('./moves.js').Token} Token */
/** @typedef {import('./moves.js').BoardToken} BoardToken */
/** @typedef {import('./moves.js').Placement} Placement */
/** @typedef {import('./features.js').SameSegment} SameSegment */

/**
 * What the player has chosen so far for the pending decision (cleared at every new index).
 * @typedef {object} Choice
 * @property {string|null} tile the hand tile chosen (two tiles in hand), else the first that fits
 * @property {string|null} spot the placement spot chosen, "x,y"
 * @property {string|null} hoverSpot the spot under the pointer while none is chosen
 * @property {number} rotIdx which of the spot's legal rotations is shown
 * @property {string|null} group the head of the moves being narrowed (`follower`, `play ID`...)
 * @property {Token[]} chosen the tokens taken so far in that group
 * @property {string|null} pick the token picked and awaiting confirmation (its text)
 * @property {boolean} sent a move was sent for this decision (until the next state or an error)
 * @property {string} fitFor the targets the board was last brought into view for
 * @property {number} cardIdx which card of the hand was clicked (two copies of a card are two cards), -1 for none
 * @property {string|null} figure the figure chosen in the follower step (`meeple`, `large`, `builder`, `pig`), null until then
 */

/** One point of the score chart: a seat's scores after a move. @typedef {{turn: number, scores: number[]}} ChartPoint */

/**
 * Everything the page keeps between frames.
 * @typedef {object} GameState
 * @property {StateFrame|null} frame the last state frame (null until the first arrives)
 * @property {Choice} ui
 * @property {string[]} players the seats' players (`human`, `greedy`...)
 * @property {Map<string, TileDef>} defs the tile catalogue by letter, filled by start()
 * @property {Map<string, number>|null} counts each kind's count in this game (the catalogue of its expansions), null until known
 * @property {(ChartPoint|undefined)[]} history the scores after each move index (holes where the page saw no frame)
 * @property {{index: number, text: string}[]} log the events so far, each with its move index
 * @property {boolean} fitted the board was fitted to the first state
 * @property {Link|null} link the WebSocket, opened by start()
 */

/** An element of game.html (every id asked for is there). @param {string} id @returns {HTMLElement} */
const $ = (id) => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`game.html has no #${id}`);
  return e;
};
const path = location.pathname.split('/').filter(Boolean);
const gameId = path[1];
const token = path[0] === 'play' ? path[2] : null;

/** @returns {Choice} */
function fresh() {
  return { tile: null, spot: null, hoverSpot: null, rotIdx: 0, group: null, chosen: [], pick: null, sent: false, fitFor: '', cardIdx: -1, figure: null };
}

/** @type {GameState} */
const S = {
  frame: null,
  ui: fresh(),
  players: [],
  defs: new Map(),
  counts: null,
  history: [],
  log: [],
  fitted: false,
  link: null,
};

const boardSvg = document.getElementById('board');
if (!(boardSvg instanceof SVGSVGElement)) throw new Error('the page has no board');
/** The board draws tiles from `S.defs`, which start() fills before the first frame. */
const board = new Board(boardSvg, S.defs);
// the seats' clocks and absent seats (issue 32); a seat handed to a computer player or taken
// back redraws the decision box
const clocks = new Clocks($('clocks'), (m) => S.link?.send(m) ?? false, mySeat, () => S.players, () => renderDecision());
// undo by agreement (issue 32): the button, the request and its answers
const undo = new Undo(/** @type {HTMLButtonElement} */ ($('undo')), $('undo-box'), (m) => S.link?.send(m) ?? false, mySeat,
  (text, kind) => showNotices($('notices'), [{ text, kind }]));
// the others' new chat messages counted until the chat is seen; the bar's button goes there (issue 32)
const chatSeen = new ChatSeen($('chat-panel'), /** @type {HTMLButtonElement} */ ($('chat-jump')), [$('chat-unread'), $('chat-unread-panel')]);
/**
 * The overview: the whole board, small, in a corner, while the board is zoomed in past it
 * (issue 21), with the part on screen framed; a click there brings that part to the screen.
 */
function updateOverview() {
  const box = document.getElementById('overview');
  const frame = document.getElementById('overview-frame');
  if (!(box instanceof SVGSVGElement) || !frame) return;
  const [bx, by, bw, bh] = board.bounds(), [vx, vy, vw, vh] = board.visible();
  // every placed tile in view (the bounds have a tile of margin): no need for it
  const whole = vx <= bx + 100 && vy <= by + 100 && vx + vw >= bx + bw - 100 && vy + vh >= by + bh - 100;
  // not while targets are on the board (it would cover those in its corner: the board is
  // brought to them anyway)
  const hide = whole || !S.frame || !!boardSvg?.querySelector('.target');
  // an SVG element has no `hidden` property: the attribute itself
  box.toggleAttribute('hidden', hide);
  if (hide) return;
  box.setAttribute('viewBox', `${bx} ${by} ${bw} ${bh}`);
  frame.setAttribute('x', String(vx)); frame.setAttribute('y', String(vy));
  frame.setAttribute('width', String(vw)); frame.setAttribute('height', String(vh));
}
board.onView = updateOverview;

/** Two ports of one tile name one segment (for featureAt). @type {SameSegment} */
const same = (x, y, a, b) => board.sameSegment(x, y, a, b);

/** The seat this page plays, -1 for a spectator (whose view is "public"). */
function mySeat() {
  const seat = S.frame?.view?.view;
  return typeof seat === 'number' ? seat : -1;
}

/** The seats' plain names, for sentences ("Blue extended Red's road"): the panels say who plays each. */
function plainNames() {
  return Array.from({ length: S.frame?.view.players ?? S.players.length }, (_, i) => seatName(i));
}

function names() {
  return S.players.map((p, i) => playerLabel(i, p, mySeat()));
}

async function start() {
  /** @type {[TileDef[], void, void]} */
  const [tiles] = await Promise.all([fetch('/api/tiles').then((r) => r.json()), loadCards(), loadSentences()]);
  for (const t of tiles) S.defs.set(t.id, t);
  try {
    /** @type {GameSummary} */
    const info = await (await fetch(`/api/games/${gameId}`)).json();
    S.players = info.players ?? [];
    // the counts of this game's tiles (with The River or The Abbot some kinds count fewer)
    /** @type {TileDef[]} */
    const own = await (await fetch(`/api/tiles?expansions=${encodeURIComponent(info.expansions || 'base')}`)).json();
    if (Array.isArray(own)) S.counts = new Map(own.map((t) => [t.id, t.count]));
  } catch { S.players = []; }
  $('zoom-in').onclick = () => board.zoom(1.25);
  $('zoom-out').onclick = () => board.zoom(0.8);
  $('fit').onclick = () => fitBoard();
  $('chat-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = /** @type {HTMLInputElement} */ ($('chat-text'));
    const text = input.value.trim();
    if (!text) return;
    if (S.link?.send({ type: 'chat', text })) input.value = '';
    else chatNote('offline');
  });
  $('overview').addEventListener('click', (e) => {
    const box = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('overview')));
    const r = box.getBoundingClientRect(), [bx, by, bw, bh] = board.bounds();
    const k = Math.max(bw / r.width, bh / r.height);  // preserveAspectRatio: meet, centred
    const ox = bx - (r.width * k - bw) / 2, oy = by - (r.height * k - bh) / 2;
    board.centreOn(ox + (e.clientX - r.left) * k, oy + (e.clientY - r.top) * k);
  });
  const sound = /** @type {HTMLInputElement} */ ($('sound'));
  sound.checked = soundOn();
  sound.onchange = () => { try { localStorage.setItem('carc.sound', sound.checked ? 'on' : 'off'); } catch { /* not kept */ } };
  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', () => { if (S.frame && !board.userMoved) fitBoard(); else board.resized(); });
  const svg = $('board'), tip = $('tip');
  let lastKey = '';
  /** Tells the feature at a screen point, as the tip and an outline (hover, or a long press). @param {number} cx @param {number} cy */
  const tellFeature = (cx, cy) => {
    const frame = S.frame;
    if (!frame) return;
    // a barn stands on a corner: pointing at it tells its field (what the barn would score)
    const barn = board.barnUnder(cx, cy, frame.view);
    const at = barn ? { x: barn.x, y: barn.y, port: 'ES', type: 'field' } : board.segmentUnder(cx, cy);
    const f = at && featureAt(frame.view, at.x, at.y, at.port, same);
    // a tower, the dragon or the fairy there is said first (The Tower, The Princess & the Dragon)
    const piece = board.pieceWords(cx, cy, frame.view);
    const key = (f ? JSON.stringify(f.segments[0]) + f.type : at ? `${at.x},${at.y}` : '') + piece;
    // the tip is placed in the board's frame, whose top is the notices' strip
    const r = svg.getBoundingClientRect(), w = (svg.parentElement ?? svg).getBoundingClientRect();
    tip.style.left = `${Math.max(4, Math.min(cx - w.left + 14, r.width - 270))}px`;
    tip.style.top = `${cy - w.top + 14}px`;
    if (key === lastKey) return;
    lastKey = key;
    board.highlightFeature(f);
    tip.hidden = !at;
    if (at) tip.textContent = `${piece ? `${piece} ` : ''}${hoverWords(f, at.type, board.segmentDef(at.x, at.y, at.port), mayorsOn(frame.view, f, same))}`;
  };
  const untell = () => { lastKey = ''; board.highlightFeature(null); tip.hidden = true; };
  svg.addEventListener('pointermove', (e) => {
    if (e.buttons || e.pointerType === 'touch') return;
    tellFeature(e.clientX, e.clientY);
  });
  svg.addEventListener('pointerleave', (e) => { if (e.pointerType !== 'touch') untell(); });
  // a phone has no hover: a long press (half a second, without moving) tells the feature the
  // same way, until the next touch (issue 32); the tap it ends in picks nothing
  /** @type {{id: number, x: number, y: number, timer: number}|null} */
  let press = null;
  let longPressed = false;
  svg.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch') return;
    if (!tip.hidden) untell();
    if (press) { clearTimeout(press.timer); press = null; return; }  // a second finger: a pinch
    const p = { id: e.pointerId, x: e.clientX, y: e.clientY, timer: 0 };
    p.timer = window.setTimeout(() => { press = null; longPressed = true; tellFeature(p.x, p.y); }, 500);
    press = p;
  });
  svg.addEventListener('pointermove', (e) => {
    if (press && e.pointerId === press.id && Math.hypot(e.clientX - press.x, e.clientY - press.y) > 10) { clearTimeout(press.timer); press = null; }
  });
  for (const end of ['pointerup', 'pointercancel']) {
    svg.addEventListener(end, (e) => { if (press && /** @type {PointerEvent} */ (e).pointerId === press.id) { clearTimeout(press.timer); press = null; } });
  }
  svg.addEventListener('click', (e) => { if (longPressed) { longPressed = false; e.stopPropagation(); e.preventDefault(); } }, true);
  svg.addEventListener('contextmenu', (e) => { if (longPressed || press) e.preventDefault(); });
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  S.link = new Link(`${proto}//${location.host}/ws/${gameId}${token ? '/' + token : ''}`, onMessage, (up) => {
    $('net').hidden = up;
    document.body.classList.toggle('offline', !up);
  });
  renderLog();
}

/** @param {Frame} msg */
function onMessage(msg) {
  if (ladderMessage(msg, gameId, (m) => S.link?.send(m) ?? false)) return;  // issue 32
  if (msg.type === 'chat') {
    for (const m of msg.messages) {
      addChat(m.seat, m.text);
      if (!msg.history) chatSeen.arrived(mySeat() >= 0 && m.seat === mySeat());
    }
    return;
  }
  if (msg.type === 'rematch') {
    rematchTo(msg.id, msg.now);
    return;
  }
  if (msg.type === 'clock') {
    clocks.update(msg);
    return;
  }
  if (msg.type === 'undo') {
    undo.update(msg);
    return;
  }
  if (msg.type === 'error' && msg.index === -2) {  // a chat message refused
    chatNote(msg.message);
    return;
  }
  if (msg.type === 'error') {
    S.ui.sent = false;
    if (msg.index === -1 && /another server process/.test(msg.message)) {
      // the game is moving between server processes (a restart, a hand-over): passing, and the
      // socket's own reconnect finds it where it went
      status(t('game.moving'), 'error');
      return;
    }
    if (msg.index === -1) {
      // refused before joining (a wrong or unknown link): trying again cannot help
      if (S.link) S.link.closed = true;
      invalidLink(msg.message);
      return;
    }
    const words = undoRefusal(msg.message) ?? refusal(msg.message);
    if (undoRefusal(msg.message)) undo.renderButton();
    status(words, 'error');
    showNotices($('notices'), [{ text: words, kind: 'error' }]);
    return;
  }
  if (msg.type === 'history') {
    // the game so far, sent when the page connects: the whole log and score chart
    S.history = msg.steps.map((st) => ({ turn: st.turn, scores: st.scores }));
    S.log = msg.steps.flatMap((st, i) => st.events.map((text) => ({ index: i, text })));
    return;
  }
  if (msg.type !== 'state') return;
  const newIndex = !S.frame || S.frame.index !== msg.index;
  const before = S.frame && S.frame.index === msg.index - 1 ? S.frame.view : null;
  S.frame = msg;
  if (token && typeof msg.seat === 'number' && !remembered) {
    remembered = true;
    rememberGame(gameId, msg.seat, location.href);
  }
  if (!S.players.length) S.players = Array.from({ length: msg.view.players }, () => 'human');
  if (newIndex) S.ui = fresh();
  // one entry per move index: a state seen again (a resync) replaces its own
  S.log = S.log.filter((l) => l.index < msg.index);
  for (const text of msg.events ?? []) S.log.push({ index: msg.index, text });
  S.history.length = Math.min(S.history.length, msg.index);
  S.history[msg.index] = { turn: msg.view.turn, scores: msg.view.scores };
  render(msg, newIndex);
  undo.state(msg);
  // what just happened, next to the board: only for the next move, not a reload or a resync
  if (before) {
    const { notices, rises } = explain(msg.events ?? [], before, msg.view, plainNames(), mySeat());
    showNotices($('notices'), notices);
    for (const r of rises) board.rise(r.x, r.y, r.port, r.points, r.seat);
  }
}

/**
 * The rematch of this game (issue 32): made this moment, the page moves there (a seat to its
 * seat, with the same token; a spectator to watch it); made before this page opened, the
 * final screen links to it. @param {string} id @param {boolean} now
 */
function rematchTo(id, now) {
  const url = token ? `/play/${encodeURIComponent(id)}/${token}` : `/watch/${encodeURIComponent(id)}`;
  if (now) { location.assign(url); return; }
  const note = document.getElementById('rematch-note');
  if (!note) return;
  note.hidden = false;
  note.replaceChildren(t('game.rematch.begun'), ' ');
  const a = document.createElement('a');
  a.href = url; a.textContent = t('game.rematch.go');
  note.append(a);
}

/** A refused move in players' words (the server's reason is for developers). @param {string} message */
function refusal(message) {
  if (/^stale move/.test(message)) return t('game.refused.stale');
  if (/spectators/.test(message)) return t('game.refused.spectator');
  return t('game.refused');
}

/** The page of a link the server does not know: said once, and no more reconnecting. @param {string} message */
function invalidLink(message) {
  $('net').hidden = true;
  document.body.classList.remove('offline');
  document.body.classList.add('invalid-link');
  status(t('game.invalid.status'), 'error');
  const p = $('prompt');
  p.replaceChildren();
  const h = document.createElement('h2');
  h.textContent = t('game.invalid.title');
  const text = document.createElement('p');
  text.textContent = t(/token/.test(message) ? 'game.invalid.token' : 'game.invalid.game');
  const a = document.createElement('a');
  a.href = '/';
  a.textContent = t('game.invalid.lobby');
  p.append(h, text, a);
}

/**
 * One chat message in the chat panel: the seat's name in its colour, then the text, both as
 * text nodes (a message is never markup). @param {number} seat @param {string} text
 */
function addChat(seat, text) {
  const ol = $('chat-log');
  const li = document.createElement('li');
  const who = document.createElement('strong');
  who.textContent = `${seat < 0 ? t('game.chat.spectator') : seat === mySeat() ? t('game.you_after', { seat: seatName(seat) }) : seatName(seat)}: `;
  if (seat >= 0) who.style.color = SEAT_COLOURS[seat] ?? '';
  li.append(who, document.createTextNode(text));
  ol.appendChild(li);
  while (ol.children.length > 200) ol.firstElementChild?.remove();
  ol.scrollTop = ol.scrollHeight;
}

/** A word about the chat under it (a refused message). @param {string} text */
function chatNote(text) {
  const n = $('chat-note');
  n.hidden = false;
  n.textContent = t(/too many/.test(text) ? 'game.chat.too_many' : /bytes|characters/.test(text) ? 'game.chat.too_long' : 'game.chat.not_sent');
  setTimeout(() => { n.hidden = true; }, 5000);
}

/** This seat was added to the lobby's "my games" (once per page). */
let remembered = false;

/**
 * The tab says when a decision is this page's: its title and icon change, and a short sound
 * plays if the player turned it on (the bar's checkbox, kept in localStorage).
 * @param {boolean} mine
 */
function noticeTurn(mine) {
  const was = document.body.classList.contains('my-turn');
  document.body.classList.toggle('my-turn', mine);
  document.title = t(mine ? 'game.title.mine' : 'game.title');
  const colour = SEAT_COLOURS[mySeat()] ?? '#888';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="${mine ? 7 : 4}" fill="${mine ? colour : '#999'}"/></svg>`;
  const icon = document.querySelector('link[rel=icon]');
  if (icon) icon.setAttribute('href', `data:image/svg+xml,${encodeURIComponent(svg)}`);
  if (mine && !was && soundOn()) beep();
}

/** Whether the turn sound is on. */
function soundOn() {
  try { return localStorage.getItem('carc.sound') === 'on'; } catch { return false; }
}

/** A short two-note chime, made here (no sound file is fetched). */
function beep() {
  try {
    const ctx = new AudioContext();
    [660, 880].forEach((f, i) => {
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.15, ctx.currentTime + i * 0.15);
      g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.15 + 0.14);
      o.connect(g).connect(ctx.destination);
      o.start(ctx.currentTime + i * 0.15);
      o.stop(ctx.currentTime + i * 0.15 + 0.15);
    });
  } catch { /* no sound here */ }
}

/** The score chart's points: the history without its holes. */
function chartPoints() {
  return S.history.filter((h) => h !== undefined);
}

function fitBoard() {
  board.fit(placements().map((p) => `${p.x},${p.y}`));
}

/** The legal placements of the last frame. @returns {Placement[]} */
function placements() {
  return (S.frame?.legal ?? []).map(parsePlacement).filter((p) => p !== null);
}

/** @param {string} text */
function status(text, cls = '') {
  const s = $('status');
  s.textContent = text;
  s.className = `status ${cls}`;
}

/** Draws a new state frame (`S.frame`) whole. @param {StateFrame} frame */
function render(frame, newIndex = false) {
  const v = frame.view;
  board.render(v);
  if (!S.fitted || !board.userMoved) { fitBoard(); S.fitted = true; }
  const seat = mySeat();
  $('who').innerHTML = seat >= 0
    ? `${swatchHtml(seat)} ${t('game.you_are', { seat: seatName(seat) })}`
    : t('game.watching');
  renderPlayers($('players'), v, S.players, seat);
  renderStack($('stack'), v, S.defs, S.counts);
  renderHand();
  renderLog();
  drawChart($('chart'), chartPoints(), v.players);
  renderDecision();
  if (newIndex && board.userMoved && !choicesInSight()) fitBoard();
  // the pig's extra points in fields, from the final scoring's events
  const pig = Array.from({ length: v.players }, () => 0);
  for (const l of S.log) {
    const m = /^score (\d+) (\d+) pig\b/.exec(l.text);
    if (m) pig[Number(m[1])] += Number(m[2]);
  }
  renderFinal($('final'), v, S.players, seat, chartPoints(), gameId, pig);
  // one click asks for the rematch: every page of the game then moves to it (rematchTo)
  const again = document.getElementById('rematch');
  if (again instanceof HTMLButtonElement && !again.onclick) {
    again.onclick = () => {
      if (!S.link?.send({ type: 'rematch' })) return;
      again.disabled = true;
      again.textContent = t('game.rematch.starting');
    };
  }
}

/** The phone layout (style.css, below 760 px): the board above the panels. */
function phoneLayout() {
  return window.innerWidth < 760;
}

/** A phone or a touch screen: targets get 44 px apart. */
function touchScreen() {
  return window.matchMedia('(pointer: coarse)').matches || window.innerWidth < 760;
}

/** Whether every spot or target the page offers is on screen (else a new decision refits). */
function choicesInSight() {
  const keys = [...document.querySelectorAll('#board [data-spot], #board [data-target]')].map((e) => {
    const t = e.getAttribute('data-spot') ?? e.getAttribute('data-target') ?? '';
    const m = /(-?\d+),(-?\d+)/.exec(t);
    return m ? [Number(m[1]), Number(m[2])] : null;
  }).filter((k) => k !== null);
  return keys.every(([x, y]) => board.inSight(x, y));
}

/** The log entries the list shows, in its order (renderLog adds only what is new). @type {{index: number, text: string}[]} */
let logShown = [];

function renderLog() {
  const ol = $('log');
  // the whole game (issue 32: it was cut at 150), so the lines already there stay: only
  // those from the first entry that changed (a resync, a history) are drawn again
  let keep = 0;
  while (keep < logShown.length && keep < S.log.length && logShown[keep] === S.log[keep] && ol.children.length > keep) keep++;
  while (ol.children.length > keep) ol.lastElementChild?.remove();
  logShown = S.log.slice();
  const n = plainNames();
  for (const l of S.log.slice(keep)) {
    const li = document.createElement('li');
    li.textContent = eventWords(l.text, n, mySeat());
    if (/^score /.test(l.text)) li.className = 'scored';
    // where it happened: the sentence names no place, pointing at the line shows it
    const at = /\((-?\d+),(-?\d+)\)(?: \w+:(\w+))?/.exec(l.text);
    if (at) {
      li.classList.add('has-place');
      const [x, y, port] = [Number(at[1]), Number(at[2]), at[3]];
      li.onmouseenter = () => {
        const v = S.frame?.view;
        const f = v && port ? featureAt(v, x, y, port, same) : undefined;
        board.highlightFeature(f ?? { type: 'field', segments: [[x, y, port ?? 'C']], tiles: 1, pennants: 0, completed: false, followers: [], tokens: [], locked: false, value: 0 }, 'hover');
      };
      li.onmouseleave = () => board.highlightFeature(null, 'hover');
    }
    ol.appendChild(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

/** The seat's own cards: gifts, then Christmas cards (ids), from the view. @param {View} v */
function myCards(v) {
  const seat = mySeat();
  if (seat < 0) return [];
  const gifts = v.gifts?.hands?.[seat]?.cards ?? [];
  const xh = v.christmas?.hands?.[seat];
  const xmas = xh?.cards ?? [];
  return [...gifts.map((id) => ({ id, kind: 'gift' })), ...xmas.map((id) => ({ id, kind: 'christmas' }))];
}

function renderHand() {
  const frame = S.frame;
  if (!frame) return;
  const v = frame.view, ui = S.ui;
  const ht = $('hand-tiles');
  ht.replaceChildren();
  const h2 = document.createElement('h2');
  h2.textContent = v.over ? t('game.over.title') : turnWords(v);
  ht.appendChild(h2);
  if (!v.over && v.river_left) {
    const r = document.createElement('p');
    r.className = 'river-line';
    r.textContent = t('game.river.line', { left: t('game.river.left', { n: v.river_left }), placed: riverPlaced(v) });
    ht.appendChild(r);
  }
  const row = document.createElement('div');
  row.className = 'tiles-row';
  const place = placements();
  for (const tile of v.hand_tiles ?? []) {
    const b = document.createElement('button');
    b.className = 'hand-tile';
    const usable = place.some((p) => p.tile === tile);
    b.disabled = !usable;
    if (usable && currentTile() === tile) b.classList.add('chosen');
    b.title = t('game.hand.tile');
    const spot = ui.spot ?? ui.hoverSpot;
    const rots = spot && currentTile() === tile ? rotationsAt(tile, spot) : [];
    b.appendChild(tileIcon(board.def(tile), rots.length ? rots[ui.rotIdx % rots.length] : 0, 72));
    b.onclick = () => { S.ui.tile = tile; S.ui.spot = null; S.ui.rotIdx = 0; renderDecision(); renderHand(); };
    row.appendChild(b);
  }
  ht.appendChild(row);

  const box = $('hand');
  box.replaceChildren();
  const cards = myCards(v);
  box.hidden = mySeat() < 0 || (!cards.length && !v.gifts && !v.christmas);
  const title = document.createElement('h2');
  title.textContent = t(cards.length ? 'game.cards' : 'game.cards.none');
  box.appendChild(title);
  const groups = groupMoves(frame.legal ?? []);
  const wrap = document.createElement('div');
  wrap.className = 'cards';
  cards.forEach((c, idx) => {
    const info = CARDS[c.id] ?? { name: c.id, when: '', text: '', deck: c.kind };
    const heads = [`open ${c.id}`, `play ${c.id}`, `discard ${c.id}`].filter((h) => groups.has(h) && !(groups.get(h) ?? []).every(wastedGift));
    const d = document.createElement('button');
    // only the copy clicked is marked, not every copy of the card
    const chosen = heads.includes(ui.group ?? '') && (ui.cardIdx < 0 || ui.cardIdx === idx);
    d.className = `card deck-${info.deck}${heads.length ? ' playable' : ''}${chosen ? ' chosen' : ''}`;
    d.disabled = !heads.length;
    d.dataset.card = c.id;
    const name = document.createElement('strong'), when = document.createElement('em'), text = document.createElement('span');
    name.textContent = info.name;
    when.textContent = info.when;
    text.textContent = info.text;
    d.append(name, when, text);
    if ((groups.get(`open ${c.id}`) ?? []).some(wastedGift)) {
      // never offered as playable when it can do nothing (issue 21)
      const w = document.createElement('em');
      w.className = 'wasted';
      w.textContent = t('game.card.wasted');
      d.append(w);
    }
    d.onclick = () => {
      S.ui.cardIdx = idx;
      chooseGroup(heads[0]);
      // the prompt with its Confirm is above the hand: bring it into view; on a phone, where
      // the board is above the prompt, the board's top too, so that its targets stay in
      // sight (issue 32: they were scrolled off)
      if (phoneLayout()) window.scrollTo({ top: 0 });
      else $('prompt').scrollIntoView({ block: 'nearest' });
    };
    wrap.appendChild(d);
  });
  box.appendChild(wrap);
}

/** "Turn 12: Blue to play", or who decides when it is not the seat whose turn it is. @param {View} v */
function turnWords(v) {
  const n = plainNames(), by = v.pending?.seat ?? -1;
  if (v.pending?.decision === 'end_choice') return t('game.turn.end', { seat: n[by] ?? '' });
  if (by >= 0 && by !== v.active) return t('game.turn.other', { turn: v.turn, seat: n[v.active] ?? '', by: n[by] ?? '' });
  return t('game.turn', { turn: v.turn, seat: n[v.active] ?? '' });
}

function currentTile() {
  const place = placements();
  if (S.ui.tile && place.some((p) => p.tile === S.ui.tile)) return S.ui.tile;
  return place[0]?.tile ?? null;
}

/** Legal rotations of a tile at a spot, in the server's order. @param {string} tile @param {string} spot */
function rotationsAt(tile, spot) {
  return placements().filter((p) => p.tile === tile && `${p.x},${p.y}` === spot).map((p) => p.rot);
}

/** The spots ("x,y") where a tile fits. @param {string|null} tile */
function spotsOf(tile) {
  return [...new Set(placements().filter((p) => p.tile === tile).map((p) => `${p.x},${p.y}`))];
}

/** @param {string|undefined} h */
function chooseGroup(h) {
  if (!h) return;
  if (S.ui.group !== h && !h.startsWith('discard ')) S.ui.cardIdx = -1;
  S.ui.group = h; S.ui.chosen = []; S.ui.pick = null;
  renderDecision();
  renderHand();
}

/** What the decision box asks, by decision: the catalogue's `ask.DECISION`. */

/** The pass button's label, by decision: `pass.DECISION` (else `pass.other`). */

/** A gift opened with nothing to act on: its move names no target (Take 2 always acts). @param {string} m */
function wastedGift(m) {
  const w = m.split(' ');
  return w[0] === 'open' && w.length === 2 && w[1] !== 'take_two';
}

/**
 * A question with nothing to choose: a window, a modifier or a block question where the only
 * moves are to pass (or to waste a gift, which would also throw away its 2 points at the end).
 * @param {DecisionName|undefined} dec @param {string[]} legal
 */
function emptyQuestion(dec, legal) {
  if (!dec || !['window_before', 'window_after', 'modifier', 'block', 'follower'].includes(dec)) return false;
  return legal.includes('pass') && legal.every((m) => m === 'pass' || wastedGift(m));
}

/** What the status says while an empty question is answered: `auto.DECISION`. */

/** The pause before an empty question is answered, in ms: 1.2 to 2.4 s, drawn anew each time. */
const AUTO_MIN = 1200, AUTO_SPREAD = 1200;
/**
 * The pause before an automatic pass: drawn anew each time, unless this browser set its own
 * (`carc.autopass` in localStorage, in ms: the browser tests use 50; it shows the others only
 * this seat's own timing).
 */
function autoPause() {
  let own = NaN;
  try { own = Number(localStorage.getItem('carc.autopass') ?? NaN); } catch { /* none */ }
  return Number.isFinite(own) && own >= 0 ? own : AUTO_MIN + Math.random() * AUTO_SPREAD;
}

/** @type {number} the move index an automatic pass is scheduled for (-1: none) */
let autoFor = -1;

/** Passes for the player at move `index` after the pause, unless the game moved on. @param {number} index */
function autoPass(index) {
  if (autoFor === index) return;
  autoFor = index;
  setTimeout(() => {
    const f = S.frame;
    if (!f || f.index !== index || !emptyQuestion(f.view.pending?.decision, f.legal ?? [])) return;
    document.body.dataset.autoPasses = String(Number(document.body.dataset.autoPasses ?? 0) + 1);
    send('pass');
  }, autoPause());
}


/**
 * A deck offered (Christmas Present): why this seat may draw, and what drawing or declining
 * means, as other seats' notices say why (issue 32: the prompt gave no reason). @param {View} v
 */
function drawWords(v) {
  const deck = v.christmas?.offered;
  const why = t(deck === 'cloister' || deck === 'roadside' ? `draw.why.${deck}` : 'draw.why.other');
  return `${why} ${t('draw.trade_off')}`;
}

/** Adds a button to the decision box. @typedef {(label: string, fn: () => void, cls?: string, key?: string) => HTMLButtonElement} AddButton */

function renderDecision() {
  renderDecisionNow();
  updateOverview();  // hidden while targets show
}

/** The decision box and the board's spots or targets for the pending decision. */
function renderDecisionNow() {
  const frame = S.frame;
  if (!frame) return;
  const v = frame.view, seat = mySeat(), ui = S.ui;
  const legal = frame.legal ?? [];
  const p = $('prompt');
  p.replaceChildren();
  board.clearInteractive();
  board.highlightFeature(null, 'about');
  const dec = v.pending?.decision;
  const away = clocks.away(seat);
  noticeTurn(!v.over && !away && legal.length > 0 && seat >= 0 && v.pending.seat === seat && !emptyQuestion(dec, legal));
  if (v.over) { status(t('game.over.status')); return; }
  if (away) { status(t('game.away')); return; }
  if (!legal.length || seat < 0 || v.pending.seat !== seat) {
    status(waitWords(dec, plainNames()[v.pending.seat] ?? ''));
    return;
  }
  if (emptyQuestion(dec, legal)) {
    // nothing in hand can be played: answered for the player, after a pause (docs/WEB.md)
    status(t(has(`auto.${dec}`) ? `auto.${dec}` : 'auto.other'), 'auto');
    autoPass(frame.index);
    return;
  }
  status(t('game.your_decision'), 'mine');
  board.highlightFeature(aboutFeature(v, dec), 'about');
  const groups = groupMoves(legal);
  const text = document.createElement('p');
  text.textContent = dec === 'card_draw' ? drawWords(v) : has(`ask.${dec}`) ? t(`ask.${dec}`) : dec;
  if (dec === 'follower' && figuresOffered(legal).length > 1) text.textContent = t('ask.follower.figures');
  if (dec === 'follower' && groups.has('recall')) {
    text.textContent = groups.has('follower') ? `${text.textContent} ${t('ask.follower.or_recall')}` : t('ask.follower.recall');
  }
  if (dec === 'follower') {
    const more = MODES.filter((g) => groups.has(g)).map((g) => t(`mode.${g}.words`));
    if (more.length > 1) text.textContent = t('ask.modes', { list: more.join(t('ask.modes.sep')) });
    else if (more.length === 1 && !groups.has('follower')) text.textContent = t('ask.mode', { what: more[0] });
    if (groups.has('ransom')) text.textContent += ` ${t('ask.ransom_first')}`;
  }
  if (dec === 'dragon') text.textContent = `${dragonStep(v)} ${text.textContent}`;
  if (dec === 'abbey' && finalAbbeys(v)) text.textContent = t('ask.abbey.final');
  if (dec === 'follower' && figuresOffered(legal).includes('barn')) text.textContent += ` ${t('ask.follower.barn')}`;
  if (dec === 'place' && currentTile() === ABBEY) text.textContent = t('ask.place.abbey');
  if (dec === 'place') {
    const river = riverWords(v);
    if (river) text.textContent = `${river} ${text.textContent}`;
  }
  const inPlay = v.christmas?.in_play?.card;
  if (dec === 'card_target' && inPlay) text.textContent = t('ask.card_target.card', { card: cardName(inPlay), text: CARDS[inPlay]?.text ?? '' });
  if (dec === 'block' && inPlay) text.textContent = t('ask.block.card', { seat: plainNames()[v.active], card: cardName(inPlay), text: CARDS[inPlay]?.text ?? '' });
  p.appendChild(text);
  const buttons = document.createElement('div');
  buttons.className = 'buttons';
  p.appendChild(buttons);
  /** @type {AddButton} */
  const button = (label, fn, cls = '', key = '') => {
    const b = document.createElement('button');
    b.textContent = label;
    b.className = cls;
    if (key) b.dataset.key = key;
    b.onclick = fn;
    buttons.appendChild(b);
    return b;
  };

  if (dec === 'abbey') renderAbbey(v, button);
  if (groups.has('place')) {
    renderPlacement(v, button);
  } else {
    if (!ui.group || !groups.has(ui.group)) ui.group = BOARD_GROUPS.find((g) => groups.has(g)) ?? null;
    const moves = ui.group ? groupList(ui.group) : undefined;
    renderModes(p, groups);
    if (ui.group) renderFigures(p);
    if (moves) renderChoice(v, moves, button, p);
  }
  for (const [h, moves] of groups) {
    if (h.startsWith('discard ')) button(t('game.discard', { card: cardName(h.slice(8)) }), () => send(moves[0]), '', 'discard');
    if (dec === 'modifier' && h.startsWith('play ')) button(t('game.play', { card: cardName(h.slice(5)) }), () => chooseGroup(h), 'primary');
  }
  renderRecalls(v, groups.get('recall') ?? [], button);
  renderRansoms(v, groups.get('ransom') ?? [], button);
  for (const m of groups.get('exchange') ?? []) button(moveWords(m, seat), () => send(m), 'primary', 'exchange').dataset.move = m;
  if (groups.has('again')) {
    p.classList.add('double-turn');
    button(t('move.again'), () => send('again'), 'primary', 'again');
  } else p.classList.remove('double-turn');
  if (groups.has('draw')) button(t('move.draw'), () => send('draw'), 'primary', 'draw');
  if (groups.has('block')) button(t('move.block'), () => send('block'), 'primary', 'block');
  if (groups.has('pass')) button(t(dec === 'abbey' && finalAbbeys(v) ? 'pass.abbey.final' : has(`pass.${dec}`) ? `pass.${dec}` : 'pass.other'), () => send('pass'), '', 'pass');
  // a safety net: every legal move stays reachable, whatever the page draws
  const more = document.createElement('details');
  more.className = 'all-moves';
  const summary = document.createElement('summary');
  summary.textContent = t('game.every_choice', { n: legal.length });
  more.appendChild(summary);
  legal.slice(0, 300).forEach((m, i) => {
    const b = document.createElement('button');
    b.textContent = `${i + 1}. ${moveWords(m, seat)}${wastedGift(m) ? ` ${t('game.every_choice.wasted')}` : ''}`;
    b.dataset.move = m;
    b.onclick = () => send(m);
    more.appendChild(b);
  });
  p.appendChild(more);
}

/** A token shown on the board (not a seat, chosen with a button). @param {Token} t @returns {t is BoardToken} */
function onBoard(t) {
  return t.kind !== 'seat';
}

/**
 * The groups whose choices are on the board, the first offered taken at first: the follower
 * step's figure (on the tile, through a portal, on a tower's top), a card's target, the
 * dragon's step, a capture; then the follower step's other choices, chosen with renderModes.
 */
const BOARD_GROUPS = ['follower', 'target', 'dragon', 'capture', 'floor', 'fairy', 'princess'];

/**
 * The follower step's ways of using it (The Princess & the Dragon, The Tower), each a group of
 * moves with board targets; the catalogue has each one's button (`mode.GROUP`) and words for
 * the prompt (`mode.GROUP.words`).
 */
const MODES = ['follower', 'floor', 'fairy', 'princess'];

/**
 * When the follower step offers more than one of MODES, a button for each (the one shown
 * pressed); the board shows the targets of the one chosen. @param {HTMLElement} p @param {Map<string, string[]>} groups
 */
function renderModes(p, groups) {
  const offered = MODES.filter((g) => groups.has(g));
  if (offered.length < 2 || !offered.includes(S.ui.group ?? '')) return;
  const row = document.createElement('div');
  row.className = 'mode-choice';
  for (const g of offered) {
    const b = document.createElement('button');
    b.textContent = t(`mode.${g}`);
    b.dataset.key = `mode-${g}`;
    b.className = g === S.ui.group ? 'selected' : '';
    b.setAttribute('aria-pressed', String(g === S.ui.group));
    b.onclick = () => chooseMode(g);
    row.appendChild(b);
  }
  p.insertBefore(row, p.querySelector('.buttons'));
}

/** Shows a group's targets on the board (a mode of the follower step). @param {string} g */
function chooseMode(g) {
  if (S.ui.group === g) return;
  S.ui.group = g; S.ui.chosen = []; S.ui.pick = null;
  renderDecision();
}

/** The next mode of the follower step (key M). */
function nextMode() {
  const groups = groupMoves(S.frame?.legal ?? []);
  const offered = MODES.filter((g) => groups.has(g));
  if (offered.length < 2) return;
  chooseMode(offered[(offered.indexOf(S.ui.group ?? '') + 1) % offered.length]);
}

/** "The dragon moves: step 3 of at most 6." @param {View} v */
function dragonStep(v) {
  const made = v.dragon?.walk?.moves ?? 0;
  return t('game.dragon.step', { step: made + 1 });
}

/** The abbey's tile name (Abbey & Mayor, AM1). */
const ABBEY = 'AM/A';
/** @type {string|null} the hole ("x,y") clicked when choosing the abbey, chosen at its placement */
let abbeyHole = null;

/** Whether an abbey decision is the final round's (AM5): every tile of the stack is placed. @param {View} v */
function finalAbbeys(v) {
  return v.stack_left === 0;
}

/**
 * The abbey decision (AM3, AM5): the holes it may go into outlined on the board, each showing
 * the abbey as a placement previews its tile (a click on one chooses the abbey and that hole),
 * and the button that chooses it; the pass button draws (or keeps it, in the final round).
 * The holes are the engine's (the frame's `abbey_holes`, its placements once the abbey is
 * chosen), never guessed from the board: CI19 opens the river's dead end only when closed.
 * @param {View} v @param {AddButton} button
 */
function renderAbbey(v, button) {
  const holes = (S.frame?.abbey_holes ?? []).map(({ x, y }) => `${x},${y}`);
  board.setHoles(holes, ABBEY, (key) => { abbeyHole = key; send('abbey'); });
  if (holes.length) board.fitTargets(holes, touchScreen());
  button(t(finalAbbeys(v) ? 'game.abbey.final' : 'game.abbey'), () => { abbeyHole = null; send('abbey'); }, 'primary', 'abbey');
}

/**
 * The ransoms offered before the follower step's choice (The Tower, TW8): a button each, with
 * its cost ("Buy back your follower from Blue: 3 points"). @param {View} v @param {string[]} moves @param {AddButton} button
 */
function renderRansoms(v, moves, button) {
  for (const m of moves) {
    const b = button(moveWords(m, mySeat()), () => send(m), 'ransom', 'ransom');
    b.title = t('game.ransom.title', { n: v.scores[mySeat()] ?? 0 });
    b.dataset.move = m;
  }
}

/** The feature a block or modifier question is about, to mark it on the board. @param {View} v @param {DecisionName} dec */
function aboutFeature(v, dec) {
  const targets = v.christmas?.in_play?.target ?? [];
  /** @type {CardTarget|undefined} */
  const t = targets[dec === 'block' ? targets.length - 1 : 0];
  if ((dec === 'block' || dec === 'card_target') && t?.port) return featureAt(v, t.x, t.y, t.port, same);
  const q = v.pending?.feature;  // the server names the feature a modifier question is about
  if (dec === 'modifier' && q) return featureAt(v, q.x, q.y, q.port, same);
  return null;
}

/** The spots, the preview and the buttons of a placement. @param {View} v @param {AddButton} button */
function renderPlacement(v, button) {
  const tile = currentTile();
  if (!tile) return;
  const ui = S.ui;
  const spots = spotsOf(tile);
  if (ui.spot && !spots.includes(ui.spot)) ui.spot = null;
  // the hole clicked when choosing the abbey is chosen already (Abbey & Mayor)
  if (!ui.spot && tile === ABBEY && abbeyHole && spots.includes(abbeyHole)) ui.spot = abbeyHole;
  board.setSpots(spots, ui.spot, (key, hover) => {
    if (hover) {
      if (S.ui.spot) return;
      S.ui.hoverSpot = key;
      const rots = rotationsAt(tile, key);
      const [x, y] = key.split(',').map(Number);
      board.setPreview(tile, x, y, rots[0]);
      return;
    }
    if (S.ui.spot === key) S.ui.rotIdx++;
    else { S.ui.spot = key; S.ui.rotIdx = 0; }
    renderDecision();
    renderHand();
  });
  const spot = ui.spot;
  if (spot) {
    const rots = rotationsAt(tile, spot);
    const rot = rots[ui.rotIdx % rots.length];
    const [x, y] = spot.split(',').map(Number);
    board.setPreview(tile, x, y, rot);
    button(rots.length > 1 ? t('game.rotate', { i: (ui.rotIdx % rots.length) + 1, n: rots.length }) : t('game.rotate.one'), () => rotate(), '', 'rotate').disabled = rots.length < 2;
    button(t('move.place'), () => confirm(), 'primary', 'confirm');
  }
  if ((v.hand_tiles ?? []).length > 1) {
    const other = (v.hand_tiles).find((t) => t !== tile && spotsOf(t).length);
    if (other) button(t('game.other_tile'), () => { S.ui.tile = other; S.ui.spot = null; S.ui.rotIdx = 0; renderDecision(); renderHand(); }, '', 'swap-tile');
  }
}

function rotate() {
  if (!S.ui.spot) return;
  S.ui.rotIdx++;
  renderDecision();
  renderHand();
}

/** The chosen move, if the choices made so far name exactly one. */
function chosenMove() {
  const legal = S.frame?.legal ?? [], ui = S.ui;
  if (placements().length) {
    const tile = currentTile();
    if (!ui.spot || !tile) return null;
    const rots = rotationsAt(tile, ui.spot);
    const [x, y] = ui.spot.split(',');
    return `${tile} (${x},${y}) r${rots[ui.rotIdx % rots.length]}`;
  }
  if (!ui.group) return null;
  const moves = groupList(ui.group, legal);
  const { next, done } = nextChoices(moves, ui.chosen);
  return !next.length && done.length === 1 ? done[0] : null;
}

/**
 * Enter with nothing chosen yet says what to choose (issue 32: it did nothing and said
 * nothing), in the bar and over the board.
 */
function nothingChosen() {
  const f = S.frame;
  if (!f || f.view.over || mySeat() < 0 || f.view.pending?.seat !== mySeat() || !(f.legal ?? []).length) return;
  const text = t(placements().length ? 'game.nothing.spot' : S.ui.group ? 'game.nothing.target' : 'game.nothing');
  status(text, 'mine');
  showNotices($('notices'), [{ text, kind: 'hint' }]);
}

function confirm() {
  const m = chosenMove();
  if (m) send(m);
}

/** @param {string} move */
function send(move) {
  if (!S.frame || S.ui.sent) return;
  if (S.link?.send({ type: 'move', index: S.frame.index, move })) {
    S.ui.sent = true;
    undo.sent(S.frame.index);
    status(t('game.sent', { move: moveWords(move, mySeat()) }));
  } else status(t('game.not_sent'), 'error');
}

/**
 * Targets on the board for the chosen group (a card, a lightning target, a follower).
 * @param {View} v @param {string[]} moves @param {AddButton} button @param {HTMLElement} p
 */
function renderChoice(v, moves, button, p) {
  const ui = S.ui;
  const { next, done } = nextChoices(moves, ui.chosen);
  const last = v.board[v.board.length - 1];
  /** the tile a bare port refers to: the last position chosen, else the tile just placed */
  const prev = ui.chosen[ui.chosen.length - 1];
  const ctx = prev && (prev.kind === 'seg' || prev.kind === 'pos') ? { x: prev.x, y: prev.y } : last;
  const group = ui.group ?? '';
  if (/^(open|play) /.test(group)) {
    const id = group.split(' ')[1];
    const line = document.createElement('p');
    line.className = 'card-line';
    line.textContent = t('game.card_line', { card: cardName(id), text: CARDS[id]?.text ?? '' });
    const buttons = p.querySelector('.buttons');
    p.insertBefore(line, buttons);
    if (next.length) {
      const step = document.createElement('p');
      step.textContent = t(/^swap_/.test(id) ? (ui.chosen.length ? 'game.step.swap_theirs' : 'game.step.swap_yours')
        : id === 'change_position' && ui.chosen.length ? 'game.step.new_place'
          : id === 'mastermind' ? 'game.step.mastermind' : 'game.step.target');
      p.insertBefore(step, buttons);
    }
  }
  // whose follower (the princess, a capture): one seat only is taken at once, several by buttons
  const seats = next.filter((t) => t.kind === 'seat');
  if (seats.length === 1 && next.length === 1) {
    ui.chosen.push(seats[0]);
    renderChoice(v, moves, button, p);
    return;
  }
  for (const tok of seats) {
    const owner = tok.kind === 'seat' ? tok.seat : -1;
    button(owner === mySeat() ? t('game.whose.own') : t('game.whose', { seat: seatName(owner) }), () => { S.ui.chosen.push(tok); S.ui.pick = null; renderDecision(); }, 'primary', `seat-${owner}`);
  }
  // moves that differ only in their figure (a capture of a meeple or a large meeple there)
  if (!next.length && done.length > 1) for (const m of done) button(t('game.confirm', { move: moveWords(m, mySeat()) }), () => send(m), 'primary', 'confirm');
  const pickable = next.filter(onBoard);
  // a token that completes a move is picked and then confirmed; one that leads on is taken at once
  const pickedToken = ui.pick ? pickable.find((t) => t.text === ui.pick) : null;
  board.setTargets(pickable, ctx, ui.pick, (t) => {
    const after = nextChoices(moves, [...S.ui.chosen, t]);
    if (after.next.length) { S.ui.chosen.push(t); S.ui.pick = null; }
    else if (S.ui.pick === t.text) { S.ui.chosen.push(t); S.ui.pick = null; confirm(); return; }
    else S.ui.pick = t.text;
    renderDecision();
  }, group === 'follower' || /claim_|intrude_|synod/.test(group) || group === 'target' ? mySeat() : -1,
  figuresOffered(S.frame?.legal, group).length ? ui.figure ?? 'meeple' : 'meeple');
  // targets appearing: in view, and on a phone far enough apart to be tapped
  const fitFor = pickable.map((t) => t.text).join('|');
  if (fitFor && fitFor !== ui.fitFor) {
    ui.fitFor = fitFor;
    board.fitTargets(pickable.map((t) => (t.kind === 'port' ? `${ctx?.x ?? 0},${ctx?.y ?? 0}` : `${t.x},${t.y}`)), touchScreen());
  }
  const pickedNext = pickedToken ? nextChoices(moves, [...ui.chosen, pickedToken]) : null;
  if (pickedToken && pickedNext && pickedNext.next.length) {
    button(t('game.next'), () => { S.ui.chosen.push(pickedToken); S.ui.pick = null; renderDecision(); }, 'primary', 'next');
  } else if (pickedToken && pickedNext) {
    const m = pickedNext.done[0];
    const card = /^(open|play) /.test(group) ? group.split(' ')[1] : v.christmas?.in_play?.card;
    const feat = pickedToken.kind === 'seg' ? featureAt(v, pickedToken.x, pickedToken.y, pickedToken.port, same) : undefined;
    const num = feat ? cardNumber(card, feat, followerCount(v, feat, same)) : '';
    button(`${t('game.confirm', { move: moveWords(m, mySeat()) })}${num ? ` (${num})` : ''}`, () => { S.ui.chosen.push(pickedToken); S.ui.pick = null; confirm(); }, 'primary', 'confirm');
  } else if (!next.length && done.length === 1) {
    button(t('game.confirm', { move: moveWords(done[0], mySeat()) }), () => confirm(), 'primary', 'confirm');
  }
  if (!BOARD_GROUPS.includes(ui.group ?? '')) button(t('game.cancel'), () => { S.ui.group = null; S.ui.chosen = []; S.ui.pick = null; renderDecision(); renderHand(); }, '', 'cancel');
}

/**
 * The recalls of the abbot (The Abbot, A6), offered in the follower step beside the figures:
 * one button each, "Recall your abbot: 6 points", the points the state's `recalls` give.
 * Pointing at one outlines the cloister or garden the abbot leaves.
 * @param {View} v @param {string[]} moves @param {AddButton} button
 */
function renderRecalls(v, moves, button) {
  for (const m of moves) {
    const tok = tokens(m.slice('recall'.length))[0];
    const pts = (v.recalls ?? []).find((r) => r.move === m)?.points;
    const where = tok && tok.kind === 'seg' ? t(`the.dat.${tok.type}`) : t('the.place');
    const b = button(pts === undefined ? t('game.recall') : t('game.recall.points', { n: pts }), () => send(m), 'recall', 'recall');
    b.title = t('game.recall.title', { where, points: pts === undefined ? '' : ` (${pts})` });
    b.dataset.move = m;
    if (pts !== undefined) b.dataset.points = String(pts);
    if (tok && tok.kind === 'seg') {
      b.onmouseenter = () => board.highlightFeature({ type: tok.type === 'garden' ? 'garden' : 'cloister', segments: [[tok.x, tok.y, tok.port]], tiles: 1, pennants: 0, completed: false, followers: [], tokens: [], locked: false, value: pts ?? 0 }, 'hover');
      b.onmouseleave = () => board.highlightFeature(null, 'hover');
    }
  }
}

/**
 * Where the river tiles not left are (issue 32: the lobby says 12, turn 1 says 10 left):
 * " (12 in all: the spring is placed, one is being placed)". @param {View} v
 */
function riverPlaced(v) {
  let total = 0;
  for (const [id, n] of S.counts ?? []) if (id.startsWith('RI')) total += n;
  const placed = v.board.filter((b) => b.tile.startsWith('RI')).length;
  const moving = total - placed - (v.river_left ?? 0);
  if (!total || moving < 0) return '';
  const onBoard = t('game.river.placed', { n: placed });
  return t('game.river.all', { total, placed: moving > 0 ? t('game.river.moving', { placed: onBoard, n: moving }) : onBoard });
}

/**
 * During the river phase (The River), what the placement prompt says about it first: "The
 * river is being laid: 7 river tiles left (the lake last). A river tile continues..."; empty
 * after it, or without The River. @param {View} v
 */
function riverWords(v) {
  const left = v.river_left ?? 0;
  if (!left) return '';
  return t('game.river.ask', { left: t('game.river.ask.left', { n: left }) });
}

/** The figures, in the order of their buttons (each called `figure.FIGURE`, its tip `figure.FIGURE.title`). */
const FIGURE_ORDER = ['meeple', 'large', 'builder', 'pig', 'abbot', 'mayor', 'wagon', 'barn'];

/**
 * Whether the moves of a group put a figure from the supply on the board: the follower step,
 * Synod, the claim and intrude cards, a lightning card's target. @param {string} group
 */
function fromSupply(group) {
  return group === 'follower' || group === 'target' || /^(open|play) (synod|claim_|intrude_)/.test(group);
}

/**
 * The figures the legal moves of a group offer (the follower step's, or a gift's or card's that
 * places or moves a follower: Synod, claim, intrude, swap), in a fixed order.
 * @param {string[]} legal @param {string} group
 */
function figuresOffered(legal = S.frame?.legal ?? [], group = S.ui.group ?? 'follower') {
  // Cash Out, a swap, Change Position, Return a Follower move a figure already on the board:
  // its word names that figure, nothing is chosen from the supply (issue 32)
  if (!fromSupply(group)) return [];
  const moves = groupMoves(legal).get(group) ?? [];
  const figs = new Set(moves.map(figureOf));
  return FIGURE_ORDER.filter((f) => figs.has(f));
}

/**
 * The moves of a group being narrowed; for the follower step only those of the chosen figure
 * (the meeple first, when it may go anywhere), so only that figure's places show.
 * @param {string} group @param {string[]} legal
 */
function groupList(group, legal = S.frame?.legal ?? []) {
  const moves = groupMoves(legal).get(group) ?? [];
  const figs = figuresOffered(legal, group);
  if (group !== 'follower' && figs.length < 2) return moves;
  if (!S.ui.figure || !figs.includes(S.ui.figure)) S.ui.figure = figs[0] ?? 'meeple';
  return moves.filter((m) => figureOf(m) === S.ui.figure);
}

/** Chooses a figure for the follower step: the places shown are its own. @param {string} f */
function chooseFigure(f) {
  if (S.ui.figure === f) return;
  S.ui.figure = f; S.ui.chosen = []; S.ui.pick = null;
  renderDecision();
}

/** The next figure offered (key G). */
function nextFigure() {
  const figs = figuresOffered();
  if (figs.length < 2) return;
  chooseFigure(figs[(figs.indexOf(S.ui.figure ?? '') + 1) % figs.length]);
}

/**
 * The figure buttons of the follower step, when more than one kind may go on the tile: each
 * with its picture in the seat's colour and how many of it are in supply.
 * @param {HTMLElement} p
 */
function renderFigures(p) {
  const figs = figuresOffered();
  // one kind only: shown too when it is not the meeple (no meeple left, say); not when the
  // wagon moves on (its prompt says so)
  if (!figs.length || (figs.length === 1 && figs[0] === 'meeple') || S.frame?.view.pending?.decision === 'wagon') return;
  const seat = mySeat();
  const supply = S.frame?.view.figures?.[seat];
  const row = document.createElement('div');
  row.className = 'figure-choice';
  row.dataset.group = S.ui.group ?? 'follower';  /* the follower step, or a card's */
  const label = document.createElement('span');
  label.textContent = t('game.figure');
  row.appendChild(label);
  for (const f of figs) {
    const b = document.createElement('button');
    b.dataset.key = `figure-${f}`;
    b.className = f === S.ui.figure ? 'selected' : '';
    b.setAttribute('aria-pressed', String(f === S.ui.figure));
    b.appendChild(figureIcon(seat, f, 24));
    const n = /** @type {Record<string, number|undefined>} */ (supply ?? {})[f];
    b.append(` ${n !== undefined && f === 'meeple' ? t('figure.meeple.left', { n }) : t(`figure.${f}`)}`);
    b.title = t(`figure.${f}.title`);
    b.onclick = () => chooseFigure(f);
    row.appendChild(b);
  }
  const buttons = p.querySelector('.buttons');
  p.insertBefore(row, buttons);
}

/** The choices the arrow keys move between: spots, or the current targets. @param {number} dir */
function cycle(dir) {
  const frame = S.frame, ui = S.ui;
  if (!frame) return;
  if (placements().length) {
    const spots = spotsOf(currentTile()).sort((a, b) => {
      const [ax, ay] = a.split(',').map(Number), [bx, by] = b.split(',').map(Number);
      return ay - by || ax - bx;
    });
    if (!spots.length) return;
    const i = spots.indexOf(ui.spot ?? '');
    const spot = spots[(i + dir + spots.length) % spots.length];
    ui.spot = spot;
    ui.rotIdx = 0;
    const [x, y] = spot.split(',').map(Number);
    board.reveal(x, y);
  } else if (ui.group) {
    const moves = groupList(ui.group, frame.legal);
    const { next } = nextChoices(moves, ui.chosen);
    if (!next.length) return;
    const i = next.findIndex((t) => t.text === ui.pick);
    ui.pick = next[(i + dir + next.length) % next.length].text;
  }
  renderDecision();
  renderHand();
}

/** @param {KeyboardEvent} e */
function onKey(e) {
  const tag = e.target instanceof Element ? e.target.tagName : '';
  if (tag === 'INPUT' || tag === 'TEXTAREA' || (tag === 'BUTTON' && (e.key === 'Enter' || e.key === ' '))) return;
  const k = e.key, ui = S.ui;
  if (k === 'ArrowRight' || k === 'ArrowDown' || k === 'n') cycle(1);
  else if (k === 'ArrowLeft' || k === 'ArrowUp') cycle(-1);
  else if (k === 'r' || k === 'R') rotate();
  else if (k === 'g' || k === 'G') nextFigure();
  else if (k === 'm' || k === 'M') nextMode();
  else if (k === 't' || k === 'T') { const b = document.querySelector('[data-key="swap-tile"]'); if (b instanceof HTMLElement) b.click(); }
  else if (k === 'Enter') {
    if (ui.pick) {
      const moves = groupList(ui.group ?? '');
      const t = nextChoices(moves, ui.chosen).next.find((x) => x.text === ui.pick);
      if (t && nextChoices(moves, [...ui.chosen, t]).next.length) { ui.chosen.push(t); ui.pick = null; renderDecision(); return; }
      if (t) { ui.chosen.push(t); ui.pick = null; }
    }
    if (chosenMove()) confirm();
    else nothingChosen();
  } else if (k === 'p' || k === 'P') { if ((S.frame?.legal ?? []).includes('pass')) send('pass'); }
  else if (k === 'Escape') { ui.chosen = []; ui.pick = null; if (!BOARD_GROUPS.includes(ui.group ?? '')) ui.group = null; ui.spot = null; renderDecision(); renderHand(); }
  else if (k === '+' || k === '=') board.zoom(1.25);
  else if (k === '-') board.zoom(0.8);
  else if (k === 'f' || k === 'F') fitBoard();
  else if (/^[1-9]$/.test(k)) {
    const c = document.querySelectorAll('#hand .card.playable')[Number(k) - 1];
    if (c instanceof HTMLElement) c.click();
  } else return;
  e.preventDefault();
}

start().catch((e) => status(t('game.cannot_start', { error: String(e) }), 'error'));
