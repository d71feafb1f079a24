// The shapes of everything the server sends the pages, as JSDoc typedefs (no code): the
// WebSocket frames of docs/SERVER.md, full and delta, the state JSON of docs/RECORD.md ("State
// JSON") that every frame's `view` is, the tile catalogue, and the answers of the HTTP API.
// A module uses them with `/** @typedef {import('./types.js').View} View */`.
export {};

// ---- the state JSON (docs/RECORD.md, "State JSON") ----

/** A seat: 0 .. players-1. @typedef {number} Seat */

/**
 * A decision the engine asks for (`carc_decision_name()`); `over` at the end in a state (`none` in `/api/games`).
 * @typedef {'none'|'over'|'window_before'|'place'|'card_draw'|'card_target'|'block'|'follower'|'modifier'|'window_after'|'discard'|'end_choice'|'double_turn'|'dragon'|'capture'|'exchange'|'abbey'|'wagon'} DecisionName
 */

/** A feature's type; `garden` with The Abbot; `tower` the top of a tower (The Tower: no feature, where a follower may stand); `barn` a tile's corner where a barn stands (Abbey & Mayor: no feature either). @typedef {'city'|'road'|'field'|'cloister'|'garden'|'tower'|'barn'} FeatureType */

/** A board position. @typedef {{x: number, y: number}} Position */

/** A segment of a placed tile: the tile at (x, y) and a canonical port of it (`N`, `EN`, `C`...). @typedef {{x: number, y: number, port: string}} SegmentRef */

/**
 * The decision owed and who owes it (-1 once the game is over). `feature` is null but for a
 * `modifier` decision: then a segment of the feature the question is about.
 * @typedef {{decision: DecisionName, feature: SegmentRef|null, seat: number}} Pending
 */

/** A placed tile, in placement order; `tile` its name (`U`, `IC/RFr.i`). @typedef {{tile: string, x: number, y: number, rot: number}} Placed */

/** A figure (`carc_figure_name()`): followers (meeple, large, abbot, mayor, wagon) and the special figures (builder, pig, barn). @typedef {'meeple'|'large'|'abbot'|'builder'|'pig'|'mayor'|'wagon'|'barn'} FigureName */

/** Goods tokens by kind (Traders & Builders). @typedef {{wine: number, grain: number, cloth: number}} GoodsCounts */

/** A recall of the abbot offered now (`recall (x,y) garden:G`) and the points it would give. @typedef {{move: string, points: number}} Recall */

/** Each seat's goods and the common supply's (Traders & Builders; public). @typedef {{seats: GoodsCounts[], supply: GoodsCounts}} Goods */

/** A seat's figures in supply by kind: only the kinds the game's expansions use. @typedef {{meeple: number, large?: number, abbot?: number, builder?: number, pig?: number, mayor?: number, wagon?: number, barn?: number}} FiguresInSupply */

/**
 * A figure on the board (followers, builders, pigs); `locked`: on a locked feature (X12).
 * @typedef {{seat: Seat, x: number, y: number, type: FeatureType, port: string, locked: boolean, figure: FigureName}} FollowerOnBoard
 */

/**
 * A feature in play (one someone holds, or with a token or a lock). `segments` are
 * `[x, y, PORT]`, one per tile segment; `followers` each seat's strength there (a large
 * meeple 2); `tokens` the seats with a tie-break token on it; `value` what it would score
 * now. With Inns & Cathedrals `inn` and `cathedral`; with Traders & Builders `goods` (its
 * symbols), `builders` and `pigs` (the seats with theirs there).
 * @typedef {{type: FeatureType, segments: [number, number, string][], tiles: number, pennants: number, completed: boolean, followers: number[], tokens: Seat[], locked: boolean, value: number, inn?: boolean, cathedral?: boolean, goods?: GoodsCounts, builders?: Seat[], pigs?: Seat[], barns?: Seat[]}} Feature
 */

/** One seat's points by kind (`carc_score_part()`); `gardens` with The Abbot. @typedef {{roads: number, cities: number, cloisters: number, fields: number, cards: number, gifts: number, goods: number, gardens?: number}} ScoreParts */

/**
 * A hand of cards: `cards` are the ids this view may show (empty for another seat's hand,
 * whose size is then `hidden`).
 * @typedef {{count: number, cards: string[], hidden: number}} Hand
 */

/** The Gifts: the deck, the discard pile (oldest first), a hand per seat. @typedef {{deck_left: number, discard: string[], hands: Hand[]}} Gifts */

/** A Christmas hand, with how many of its cards came from each deck. @typedef {Hand & {from_cloister: number, from_roadside: number}} ChristmasHand */

/** A Christmas deck: cards left and its discard pile (oldest first). @typedef {{left: number, discard: string[]}} Deck */

/**
 * A card's target: a segment (`type`, `port`), or a position alone; `seat` on the second
 * target of a swap, whose follower it takes.
 * @typedef {{x: number, y: number, type?: FeatureType, port?: string, seat?: Seat}} CardTarget
 */

/** The card in play (X4); `target` null until named and while no attacked seat is asked to reply. @typedef {{card: string, target: CardTarget[]|null}} InPlay */

/** A pending Mastermind position (X13) and the turn it binds. @typedef {{x: number, y: number, turn: number}} Bind */

/**
 * Christmas Present: hands, decks, the card in play, the deck a pending `card_draw` offers,
 * pending Mastermind positions, points banked per seat on locked features.
 * @typedef {{hands: ChristmasHand[], decks: {cloister: Deck, roadside: Deck}, in_play: InPlay|null, offered: 'cloister'|'roadside'|null, binds: Bind[], banked: number[]}} Christmas
 */

/**
 * The Princess & the Dragon (PD14: all public): the tiles set aside before the first volcano,
 * the dragon's tile (null: off the board), the fairy's tile and the follower it is assigned to
 * (null: nobody), and a movement under way: who owes the next step, the steps made, the tiles
 * visited (the start first).
 * @typedef {{aside: string[], dragon: Position|null, fairy: (Position & {follower: {figure: FigureName, port: string, seat: Seat}|null})|null, walk: {mover: Seat, moves: number, visited: Position[]}|null}} Dragon
 */

/** A prisoner (The Tower, TW6): whose follower, held by whom. @typedef {{figure: FigureName, holder: Seat, owner: Seat}} Prisoner */

/** A tower on the board: its height in floors and whether a follower closes it. @typedef {{x: number, y: number, height: number, closed: boolean}} TowerOnBoard */

/** The Tower (TW10: all public): each seat's floors in supply, the prisoners, the towers. @typedef {{floors: number[], prisoners: Prisoner[], towers: TowerOnBoard[]}} Tower */

/**
 * The state JSON of one seat's view (or the public view, or the full state). `view` is the
 * seat whose view it is, `"public"` for a spectator's, null for the full state.
 * @typedef {object} View
 * @property {number} players
 * @property {string} expansions
 * @property {number} turn
 * @property {Seat} active
 * @property {Pending} pending
 * @property {boolean} over
 * @property {number[]} scores
 * @property {ScoreParts[]} score_parts
 * @property {number[]} supply
 * @property {number} stack_left
 * @property {string[]} hand_tiles
 * @property {string[]} removed
 * @property {Placed[]} board
 * @property {Position|null} last_placed
 * @property {FollowerOnBoard[]} followers
 * @property {Feature[]} features
 * @property {Seat[]} [winners] only once the game is over
 * @property {Seat|'public'|null} view
 * @property {Gifts} [gifts] only with The Gifts
 * @property {Christmas} [christmas] only with Christmas Present
 * @property {FiguresInSupply[]} [figures] per seat, only with Inns & Cathedrals or Traders & Builders
 * @property {Goods} [goods] only with Traders & Builders
 * @property {number} [part] 1, or 2 in the second part of a double turn; only with Traders & Builders
 * @property {boolean} [double_due] a double turn is due this turn; only with Traders & Builders
 * @property {number} [river_left] river tiles left in the river stack (the lake included; 0 after the river phase); only with The River
 * @property {Position|null} [river_end] the river's open end, where the next river tile goes (null when none); only with The River
 * @property {Dragon} [dragon] only with The Princess & the Dragon
 * @property {Tower} [tower] only with The Tower
 * @property {boolean[]} [held_abbeys] per seat, whether it still holds its abbey; only with Abbey & Mayor
 * @property {Recall[]} [recalls] the recalls of the abbot the seat owing the decision may make now, each with its points; only with The Abbot
 * @property {string[]} [legal] only in `carc_state_json(g, 1)`; frames carry `legal` beside the view
 */

// ---- WebSocket frames (docs/SERVER.md, "WebSocket") ----

/**
 * The state after a move, sent when a session opens and after every change. `index` is the
 * number of moves played; `seat` the session's seat, null for a spectator; `legal` the legal
 * moves (docs/NOTATION.md) for the seat that owes the decision, else empty; `events` what the
 * move that led to `index` did (docs/PROTOCOL.md's short form, masked for this seat);
 * `abbey_holes`, to the seat asked whether to place its abbey, where the engine would place it.
 * @typedef {{type: 'state', game: string, index: number, over: boolean, seat: Seat|null, legal: string[], events: string[], abbey_holes?: {x: number, y: number}[], view: View}} StateFrame
 */

/**
 * What changed from the state of index `base` (`?frames=delta` sessions only): cut the board to
 * `board_from` tiles, append `board_add`, then every key of `view` replaces the same key.
 * @typedef {{type: 'delta', game: string, index: number, base: number, over: boolean, seat: Seat|null, legal: string[], events: string[], abbey_holes?: {x: number, y: number}[], board_from: number, board_add: Placed[], view: Partial<View>}} DeltaFrame
 */

/** One step of a game's history: the start, then one per move. @typedef {{events: string[], scores: number[], turn: number}} HistoryStep */

/** The game so far as this session may see it, sent first when a session opens. @typedef {{type: 'history', index: number, steps: HistoryStep[]}} HistoryFrame */

/** A message refused: nothing changed. `index` -1: the link itself was refused (the session closes); -2: a chat message. @typedef {{type: 'error', index: number, message: string}} ErrorFrame */

/** A chat message: who (`seat`, -1 a spectator), when (unix seconds) and its text (plain text, never markup). @typedef {{at: number, seat: number, text: string}} ChatMessage */

/** Chat messages: the last ones of the game when a session opens (`history` true), then each as it is sent. @typedef {{type: 'chat', messages: ChatMessage[], history?: boolean}} ChatFrame */

/**
 * The rematch of a finished game (issue 32): its id; `now` true when it was made this moment
 * (every page of the game moves there), false for a page opening later.
 * @typedef {{type: 'rematch', id: string, now: boolean}} RematchFrame
 */

/**
 * The seats' clocks and absent seats (issue 32, docs/SERVER.md): `kind` none, realtime or turn;
 * `start` and `move` in ms (real-time: each seat's start and what a decision adds; turn-based:
 * the time of a decision); `left` per seat in ms when sent; `running` the seat whose clock runs
 * (-1: none); `away` the seats a computer player plays for now; `absent` a seat the others may
 * vote to hand to a computer player (-1: none), `absent_after` in ms, and the seats that voted.
 * @typedef {{type: 'clock', index: number, kind: 'none'|'realtime'|'turn', start: number, move: number, left: number[], running: number, away: number[], absent: number, absent_after: number, votes: number[]}} ClockFrame
 */

/**
 * Undo by agreement (issue 32): where a request to take a seat's last move back stands: asked
 * (the seats that accepted, those still to answer, the milliseconds left), done, refused (by a
 * seat), lapsed, moved (the game moved on) or failed (a message).
 * @typedef {{type: 'undo', status: 'asked'|'done'|'refused'|'lapsed'|'moved'|'failed', seat: number, index: number, accepted?: number[], waiting?: number[], left?: number, by?: number, message?: string}} UndoFrame
 */

/** Any frame the server sends. @typedef {StateFrame|DeltaFrame|HistoryFrame|ErrorFrame|ChatFrame|RematchFrame|ClockFrame|UndoFrame} Frame */

/** What a client sends: a move for the decision at `index`, a request for the full state, a chat message, (a seat of a finished game) a rematch, a ladder seat signed with a player's name, a vote to hand an absent seat to a computer player, taking one's seat back, asking to take one's last move back or answering such a request. @typedef {{type: 'move', index: number, move: string}|{type: 'state'}|{type: 'chat', text: string}|{type: 'rematch'}|{type: 'sign', name: string, secret: string}|{type: 'vote', seat: number}|{type: 'back'}|{type: 'undo', index: number}|{type: 'undo_answer', index: number, accept: boolean}} ClientMessage */

// ---- HTTP API (docs/SERVER.md, "HTTP") ----

/** Any API error (4xx, 5xx). @typedef {{error: string}} ApiError */

/** `POST /api/games` body; `ladder` opens it to the ladder; `clock` a real-time preset ("fast", "normal", "slow"), {start, move} in seconds, or {hours} (turn-based). @typedef {{players: string[], expansions?: string, seed?: number, ladder?: boolean, clock?: string|{start: number, move: number}|{hours: number}}} NewGame */

/** One seat of a created game: its secret links, null for a computer seat. @typedef {{seat: Seat, player: string, token: string|null, url: string|null, ws: string|null}} SeatLinks */

/** `POST /api/games` answer (201). @typedef {{id: string, seats: SeatLinks[], watch: string, watch_ws: string}} CreatedGame */

/**
 * `GET /api/games/ID`: the public summary; `seed` and `winners` once the game is over.
 * @typedef {{id: string, players: string[], expansions: string, index: number, turn: number, pending: {decision: DecisionName, seat: number}, scores: number[], over: boolean, created: number, watch: string, seed?: number, winners?: Seat[], clock?: {kind: 'realtime'|'turn', start: number, move: number}}} GameSummary
 */

/**
 * A game record (docs/RECORD.md), as `GET /api/games/ID/record` answers and `POST /api/replay`
 * takes.
 * @typedef {{carc: number, players: number, seed: number, expansions?: string, stack?: string|string[], return_pos?: number, gift_deck?: string[], cloister_deck?: string[], roadside_deck?: string[], moves: string[], events?: string[][], scores?: number[]}} GameRecord
 */

/** One step of a replay: the move (null for the start), the events after it, the public view. @typedef {{move: string|null, events: string[], view: View}} ReplayStep */

/** `POST /api/replay` answer (200). @typedef {{steps: ReplayStep[]}} Replay */

/**
 * A segment of a printed tile: its type and ports (rotation 0; `I` the inner field); the
 * marks only when set: an inn (road), a cathedral, a pennant, a goods symbol (city).
 * @typedef {{type: FeatureType, ports: string[], inn?: boolean, cathedral?: boolean, pennant?: boolean, goods?: 'wine'|'grain'|'cloth'}} TileSegment
 */

/**
 * One kind of tile in `GET /api/tiles` (docs/RECORD.md, "Tile catalogue JSON"): `id` its
 * name, `expansion` the one that brings it (`base`, `inns`, `traders`, `river`, `abbot`); `edges` N E S W as printed (`C`, `R`, `F`, `W` a river);
 * `mark` only when the tile has one (The Princess & the Dragon's symbol, a tower foundation, the abbey).
 * @typedef {{id: string, count: number, edges: string, pennants: number, cloister: boolean, segments: TileSegment[], description: string, expansion: string, mark?: 'volcano'|'dragon'|'portal'|'princess'|'tower'|'abbey'}} TileDef
 */

/**
 * `GET /api/sentences`: the sentences every event is told with (src/record/event_text.c).
 * `events` by the event's first word (`KEY?`: the same event with its card hidden; `KEY:FIGURE`: with a figure other than a meeple), each
 * with the names of the words after the first; `features` and `reasons` are sentences.
 * @typedef {{events: Record<string, {text: string, words: string[]}>, features: Record<string, string>, reasons: Record<string, string>}} Sentences
 */

/** One card in `GET /api/cards` (`carc cards --json`). @typedef {{id: string, name: string, deck: string, timing: string, text: string}} CardDef */

/** A ladder game's seat (docs/SERVER.md "The ladder"): signed by a name (`computer`: a computer player's row); once rated, its rank and rating before and after. @typedef {{seat: Seat, name: string, computer: boolean, rank?: number, before?: number, after?: number}} LadderSeat */

/** `GET /api/games/ID/ladder`, and the frame (`type` "ladder") every session gets when a seat signs or the game is rated. @typedef {{type?: 'ladder', game: string, rated: boolean, closed: boolean, k: number, seats: LadderSeat[]}} LadderGame */

/** A row of `GET /api/ladder`. @typedef {{name: string, rating: number, games: number, computer: boolean}} LadderRow */

/** `GET /api/ladder`. @typedef {{k: number, start: number, players: LadderRow[]}} Ladder */

/** A rated game of `GET /api/players/NAME`. @typedef {{game: string, at: number, record: string, replay: string, seats: LadderSeat[]}} LadderResult */

/** `GET /api/players/NAME`. @typedef {LadderRow & {history: LadderResult[]}} LadderPlayer */
