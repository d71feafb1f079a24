"""The fixed action encoding and the observation layout (docs/PYTHON.md).

One Discrete space of ACTIONS ids covers every decision of every expansion set. A move
is one action, or a few for the moves that name a card and then its targets:

    id range                      what
    PASS, DRAW, BLOCK             pass / decline / close; draw the offered card; block
    FALLBACK                      the first legal move, legal only when no legal move
                                  can be written in the window (never seen in random play)
    GIFT + (card - 1)             open gift card 1..5 (its targets follow)
    PLAY + (card - 6)             play Christmas card 6..37 (its targets follow)
    DISCARD + (card - 6)          discard a Christmas card (hand limit)
    SEAT + r                      whose follower a swap takes, r seats after the actor
    FOLLOWER + port               a follower on the tile placed this turn, port 0..12
    PLACE + (slot*CELLS + cell)*4 + rot   place hand tile `slot` (0, or 1 under Take 2 /
                                  Draw two) at a cell of the window, rotation 0..3
    SEG + cell*13 + port          a segment target: a card's, a gift's, a `target` move's
    POS + cell                    a position target (Mastermind)

cell = (y + R) * W + (x + R) for -R <= x, y <= R around the start tile (R = 15, W = 31).
"""
from .game import ACTIONS, CHANNELS, HAND_SIZE, PUBLIC_SIZE, WINDOW

R = (WINDOW - 1) // 2
W = WINDOW
CELLS = W * W
PASS, DRAW, BLOCK, FALLBACK = 0, 1, 2, 3
GIFT = 4
PLAY = GIFT + 5
DISCARD = PLAY + 32
SEAT = DISCARD + 32
FOLLOWER = SEAT + 5
PLACE = FOLLOWER + 13
SEG = PLACE + 8 * CELLS
POS = SEG + 13 * CELLS
assert POS + CELLS == ACTIONS, "python/carc/encoding.py and _carc_py.h disagree"

PORTS = ["N", "E", "S", "W", "NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN", "C"]
GIFTS = ["synod", "road_sweeper", "cash_out", "change_position", "take_two"]
CARDS = ["score_three", "score_road_double", "score_city_bonus", "score_cloister_bonus",
         "claim_field", "claim_road", "claim_city", "loop_road_double", "prevent_attack",
         "draw_two", "pennants_worth_three", "plain_city_worth_three", "return_follower",
         "supply_bonus", "field_city_bonus", "shared_field_bonus",
         "intrude_field", "intrude_road", "intrude_city", "intrude_cloister", "lock_cloister",
         "lock_road", "lock_city", "tiebreak_road", "tiebreak_city", "tiebreak_cloister",
         "swap_cloister", "swap_city", "swap_road", "swap_field", "mastermind",
         "tiebreak_field"]

CHANNEL_NAMES = ["tile", "city_N", "city_E", "city_S", "city_W", "road_N", "road_E", "road_S",
                 "road_W", "cloister", "pennant", "last_placed", "follower_me",
                 "follower_next", "follower_next2", "follower_next3", "follower_next4",
                 "follower_locked", "mastermind", "frontier", "held_me", "held_next",
                 "held_next2", "held_next3", "held_next4"]
assert len(CHANNEL_NAMES) == CHANNELS

# The public vector: (name, offset, length); seats are relative (0 = the observer,
# 1 = the next seat in turn order, ...).
PUBLIC_LAYOUT = []
_off = 0
for _name, _n in [("players_onehot_2to5", 4), ("expansions_gifts_christmas", 2),
                  ("decision_onehot", 11), ("owes_rel_onehot", 5), ("active_rel_onehot", 5),
                  ("score_div100", 5), ("score_parts_div100", 30), ("supply_div7", 5),
                  ("banked_div100", 5), ("stack_left_div71", 1), ("stack_kinds_fraction", 24),
                  ("hand_tiles_onehot", 48), ("turn_div100", 1), ("over", 1),
                  ("gift_deck_div25", 1), ("gift_count_div5", 5), ("xdecks_div32", 2),
                  ("xhand_by_deck_div5", 10), ("offered_deck_onehot", 2),
                  ("card_in_play_onehot", 38), ("masterminds", 1), ("modifier_pending", 1),
                  ("removed_div71", 1)]:
    PUBLIC_LAYOUT.append((_name, _off, _n))
    _off += _n
assert _off == PUBLIC_SIZE
HAND_LAYOUT = [("gift:" + g) for g in GIFTS] + [("card:" + c) for c in CARDS]
assert len(HAND_LAYOUT) == HAND_SIZE


def cell_xy(cell):
    return cell % W - R, cell // W - R


def describe(action):
    """A readable name of an action id, e.g. 'place slot0 (1,0) r2' or 'seg (0,-1) S'."""
    a = int(action)
    if not 0 <= a < ACTIONS:
        raise ValueError(f"action {a} outside 0..{ACTIONS - 1}")
    if a < GIFT:
        return ["pass", "draw", "block", "fallback"][a]
    if a < PLAY:
        return "open " + GIFTS[a - GIFT]
    if a < DISCARD:
        return "play " + CARDS[a - PLAY]
    if a < SEAT:
        return "discard " + CARDS[a - DISCARD]
    if a < FOLLOWER:
        return f"seat +{a - SEAT}"
    if a < PLACE:
        return "follower " + PORTS[a - FOLLOWER]
    if a < SEG:
        i = a - PLACE
        rot = i % 4
        slot, cell = divmod(i // 4, CELLS)
        x, y = cell_xy(cell)
        return f"place slot{slot} ({x},{y}) r{rot}"
    if a < POS:
        cell, port = divmod(a - SEG, 13)
        x, y = cell_xy(cell)
        return f"seg ({x},{y}) {PORTS[port]}"
    x, y = cell_xy(a - POS)
    return f"pos ({x},{y})"
