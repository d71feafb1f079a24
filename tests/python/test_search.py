"""carc.search (docs/PYTHON.md, "Search with your evaluator"): the engine's guided
search driven from Python with the caller's evaluator."""
import gc
import time
import resource

import numpy as np
import pytest

import carc
from conftest import run_doc_snippet
from carc._carc import ffi, lib


def played(expansions="base", players=2, seed=1, moves=0):
    """A game after `moves` random moves."""
    g = carc.Game(players, expansions, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = g.legal()
        g.apply(legal[int(rng.integers(len(legal)))])
    return g


def c_uniform_visits(g, simulations, batch=64, seed=1):
    """The engine's guided search with its own uniform priors (all zero) and every value
    0.5, driven from C's API directly as carc.Search drives it: root visits by the first
    action id of each move."""
    opt = ffi.new("carc_guided_options *")
    lib.carc_guided_options_init(opt)
    opt.seed, opt.batch = seed, batch
    err = ffi.new("carc_error *")
    s = ffi.gc(lib.carc_guided_new(opt, err), lib.carc_guided_free)
    view = g._view_game(g.current_seat)
    assert lib.carc_guided_begin(s, view, err) == 0
    leaves = ffi.new("const carc_game *[]", batch)
    players = g.players
    while lib.carc_guided_iterations(s) < simulations:
        want = min(batch, simulations - lib.carc_guided_iterations(s))
        k = lib.carc_guided_leaves(s, want, leaves)
        if k == 0:
            continue
        n = sum(lib.carc_legal_count(leaves[i]) for i in range(k))
        priors = ffi.new("float[]", max(n, 1))
        values = ffi.new("float[]", [0.5] * (k * players))
        assert lib.carc_guided_feed(s, priors, values, err) == 0
    moves = ffi.new("carc_move[]", lib.CARC_MAX_MOVES)
    visits = ffi.new("uint32_t[]", lib.CARC_MAX_MOVES)
    out = {}
    text = ffi.new("char[]", lib.CARC_NOTATION_MAX)
    for i in range(lib.carc_guided_root(s, moves, visits, lib.CARC_MAX_MOVES)):
        assert lib.carc_move_format(g._g, ffi.addressof(moves, i), text, len(text)) >= 0
        first = g.actions_of(ffi.string(text).decode())[0]
        out[first] = out.get(first, 0) + visits[i]
    return out


@pytest.mark.parametrize("players,moves,seed", [(2, 0, 1), (2, 21, 2), (3, 40, 5)])
def test_uniform_evaluator_is_the_engines_uniform_search(players, moves, seed):
    g = played("base", players, seed, moves)
    r = carc.search(g, carc.uniform_evaluator, simulations=300, batch=32, seed=7)
    expect = c_uniform_visits(g, 300, batch=32, seed=7)
    got = {int(a): int(v) for a, v in zip(r.legal_actions, r.visits) if v}
    assert got == expect
    assert r.simulations >= 300
    assert list(r.legal_actions) == g.legal_actions()
    assert abs(float(r.policy.sum()) - 1) < 1e-5


def test_a_preferred_action_is_chosen():
    g = played("base", 2, 3, 10)
    legal = g.legal_actions()
    assert len(legal) > 3
    for want in (legal[-1], legal[len(legal) // 2]):
        def prefer(obs, ids, want=want):
            return [np.where(i == want, 100.0, 1.0) for i in ids], np.zeros(len(ids))
        r = carc.search(g, prefer, simulations=200)
        assert r.actions[0] == want
        assert r.visits[list(r.legal_actions).index(want)] == r.visits.max()

        def dense(obs, ids, want=want):  # a policy head's output over every action id
            p = np.ones((len(ids), carc.ACTIONS), dtype=np.float32)
            p[:, want] = 100.0
            return p, np.zeros((len(ids), g.players))
        assert carc.search(g, dense, simulations=200).actions[0] == want


def test_values_steer_the_search():
    """With uniform priors, values that say the seat to move at the root wins when a tile
    lies on one cell make the search place its tile there."""
    g = played("base", 2, 4, 6)
    seat = g.current_seat
    enc = g.encoding
    place = [a for a in g.legal_actions() if enc.PLACE <= a < enc.SEG]
    cells = sorted({((a - enc.PLACE) // 4) % enc.CELLS for a in place})
    assert len(cells) > 2
    target = cells[len(cells) // 2]
    y, x = divmod(target, enc.W)

    def values(obs, ids):
        v = np.empty((len(ids), 2), dtype=np.float32)
        for i in range(len(ids)):
            rel = (seat - obs["seat"][i]) % 2
            win = 1.0 if obs["board"][i, 0, y, x] else -1.0
            v[i, rel], v[i, 1 - rel] = win, -win
        return [np.ones(len(x)) for x in ids], v
    r = carc.search(g, values, simulations=300)
    assert ((r.actions[0] - enc.PLACE) // 4) % enc.CELLS == target


def test_observations_are_the_leaf_seats():
    seen = []

    def check(obs, ids):
        n = len(ids)
        assert obs["board"].shape == (n, carc.CHANNELS, carc.WINDOW, carc.WINDOW)
        assert obs["public"].shape == (n, carc.PUBLIC_SIZE) and obs["hand"].shape == (n, 37)
        assert obs["action_mask"].shape == (n, carc.ACTIONS)
        for i in range(n):
            assert len(ids[i]) >= 2 and np.all(np.diff(ids[i]) > 0)
            assert list(np.flatnonzero(obs["action_mask"][i])) == list(ids[i])
        seen.extend(obs["seat"].tolist())
        return carc.uniform_evaluator(obs, ids)
    g = played("gifts,christmas", 3, 2, 12)
    carc.search(g, check, simulations=150, batch=16, action_mask=True)
    assert set(seen) == {0, 1, 2}


def test_deterministic_with_a_seed():
    g = played("gifts,christmas", 2, 6, 30)
    rng_eval = lambda obs, ids: ([np.arange(1, len(i) + 1) for i in ids],  # noqa: E731
                                 np.linspace(-0.5, 0.5, len(ids)))
    a = carc.search(g, rng_eval, simulations=256, seed=11)
    b = carc.Search(rng_eval, simulations=256, seed=11)
    b.run(played("base", 2, 1, 0))  # a search in between changes nothing
    b = b.run(g)
    assert a.move == b.move and np.array_equal(a.visits, b.visits)


def test_hidden_information_stays_hidden():
    """A game and a twin dealt from the seat to move's view (the stack order and other
    hands differ) give the same search: it sees only that seat's view."""
    g = played("gifts,christmas", 2, 9, 25)
    twin = g.determinized(g.current_seat, 1234)
    assert twin.state_bytes() != g.state_bytes()
    a = carc.search(g, carc.uniform_evaluator, simulations=200)
    b = carc.search(twin, carc.uniform_evaluator, simulations=200)
    assert a.move == b.move and np.array_equal(a.visits, b.visits)


def test_moves_sharing_a_first_action():
    """A card with targets is several actions: its moves share their first action's
    prior, and visits are summed by first action."""
    rng = np.random.default_rng(3)
    for seed in range(1, 40):
        g = carc.Game(2, "gifts,christmas", seed=seed)
        while not g.over:
            ids = g.legal_actions()
            if len(g.legal()) > len(ids) and len(ids) > 1:
                break
            g.apply(g.legal()[int(rng.integers(len(g.legal())))])
        if not g.over:
            break
    assert not g.over, "no decision with moves of several actions found"
    shared = [a for a in g.legal_actions()
              if sum(1 for m in g.legal() if g.actions_of(m)[:1] == (a,)) > 1][0]

    def prefer(obs, ids):
        return [np.where(i == shared, 50.0, 1.0) for i in ids], np.zeros(len(ids))
    r = carc.search(g, prefer, simulations=300)
    assert r.actions[0] == shared and len(r.actions) > 1
    assert r.move in g.legal()


class Boom(Exception):
    pass


def test_evaluator_errors_propagate_without_leaks():
    g = played("base", 2, 5, 8)
    before = g.state_bytes()
    calls = []

    def boom(obs, ids):
        calls.append(1)
        if len(calls) % 3 == 0:
            raise Boom("evaluator failed")
        return carc.uniform_evaluator(obs, ids)
    s = carc.Search(boom, simulations=400, batch=16)
    with pytest.raises(Boom):
        s.run(g)
    assert g.state_bytes() == before
    # the same Search runs again from scratch, as a new one would
    fresh = carc.search(g, carc.uniform_evaluator, simulations=100, batch=16)
    again = carc.Search(carc.uniform_evaluator, simulations=100, batch=16)
    with pytest.raises(Boom):
        carc.Search(boom, simulations=400, batch=16).run(g)
    assert np.array_equal(again.run(g).visits, fresh.visits)

    def rss():
        gc.collect()
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for _ in range(30):  # warm up
        with pytest.raises(Boom):
            carc.Search(boom, simulations=400, batch=16).run(g)
    start = rss()
    for _ in range(300):
        with pytest.raises(Boom):
            carc.Search(boom, simulations=400, batch=16, max_nodes=1 << 12).run(g)
    assert rss() - start < 20_000  # KB: 300 searches of 12 MB each would show


@pytest.mark.parametrize("bad,kind,text", [
    (lambda o, i: None, TypeError, "(priors, values)"),
    (lambda o, i: ([np.ones(len(x) + 1) for x in i], np.zeros(len(i))), ValueError, "entries"),
    (lambda o, i: ([np.ones(len(x)) for x in i][1:], np.zeros(len(i))), ValueError, "one array per leaf"),
    (lambda o, i: ([-np.ones(len(x)) for x in i], np.zeros(len(i))), ValueError, "negative"),
    (lambda o, i: ([np.ones(len(x)) for x in i], np.full(len(i), np.nan)), ValueError, "-1..1"),
    (lambda o, i: ([np.ones(len(x)) for x in i], np.full(len(i), 2.0)), ValueError, "-1..1"),
    (lambda o, i: ([np.ones(len(x)) for x in i], np.zeros((len(i), 5))), ValueError, "values"),
    (lambda o, i: (np.ones((len(i), 7)), np.zeros(len(i))), ValueError, "(leaves, actions)"),
])
def test_bad_evaluations_are_refused(bad, kind, text):
    g = played("base", 2, 5, 3)
    before = g.state_bytes()
    with pytest.raises(kind, match=".*" + "".join("\\" + c if c in "().^$*+?[]{}|\\" else c
                                                   for c in text)):
        carc.search(g, bad, simulations=50, batch=8)
    assert g.state_bytes() == before


def test_bad_options_are_refused():
    g = played("base", 2, 5, 3)
    with pytest.raises(TypeError):
        carc.Search(42)
    with pytest.raises(carc.ConfigError):
        carc.Search(carc.uniform_evaluator, simulations=0)
    with pytest.raises(carc.ConfigError, match="batch 1..4096"):
        carc.Search(carc.uniform_evaluator, batch=0).run(g)
    with pytest.raises(carc.ConfigError):
        carc.Search(carc.uniform_evaluator, seed=-1)
    with pytest.raises(TypeError):
        carc.Search(carc.uniform_evaluator, c_puct="high")
    with pytest.raises(TypeError):
        carc.search("not a game", carc.uniform_evaluator)
    while not g.over:
        g.apply(g.legal()[0])
    with pytest.raises(carc.GameOverError):
        carc.search(g, carc.uniform_evaluator)


def test_the_docs_snippet_runs():
    out = run_doc_snippet("Search with your evaluator")
    assert out["g"].over


def test_searches_in_threads():
    """Searches run from several threads at once (cffi releases the GIL in each C call;
    one Search per thread) and find what they find alone."""
    import threading
    games = [played("base", 2, s, 12) for s in (1, 2, 3)]
    alone = [carc.search(g, carc.uniform_evaluator, simulations=400, seed=5) for g in games]
    got = [None] * 3

    def run(i):
        got[i] = carc.search(games[i], carc.uniform_evaluator, simulations=400, seed=5)
    threads = [threading.Thread(target=run, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for a, b in zip(alone, got):
        assert a.move == b.move and np.array_equal(a.visits, b.visits)


class _TimedLib:
    """carc.search's `lib`, with the C call that walks the tree and writes the leaves
    (`cpy_search_leaves`) timed: when each began and ended."""

    def __init__(self, real):
        self._real, self.calls = real, []

    def __getattr__(self, name):
        return getattr(self._real, name)

    def cpy_search_leaves(self, *args):
        t0 = time.perf_counter()
        k = self._real.cpy_search_leaves(*args)
        self.calls.append((t0, time.perf_counter()))
        return k


def test_the_gil_is_released_while_c_searches(monkeypatch):
    """Issue 34: while one thread's search is inside C (walking the tree, dealing
    determinizations and writing a batch of leaves' observations), another thread runs
    Python: it stamps the time about every millisecond, and no long stretch of a C call
    goes without a stamp. Had a call held the GIL, the other thread could run no
    bytecode during it: one gap would cover nearly all of the call (checked by hand with
    a ctypes.PyDLL call, which holds it, in place of the search's)."""
    import sys
    import threading
    search_mod = sys.modules["carc.search"]  # the module (carc.search is the function)
    timed = _TimedLib(search_mod.lib)
    monkeypatch.setattr(search_mod, "lib", timed)
    g = played("gifts,christmas", 2, 3, 20)
    stop = threading.Event()
    result = []

    def run():
        result.append(carc.search(g, carc.uniform_evaluator, simulations=6000, batch=1024,
                                  seed=2))
        stop.set()
    stamps = []
    t = threading.Thread(target=run)
    t.start()
    last = 0.0
    while not stop.is_set():
        now = time.perf_counter()
        if now - last > 0.001:
            stamps.append(now)
            last = now
    t.join()
    assert result and result[0].move in g.legal()
    # each C call of more than 5 ms (several stamp periods; a quiet machine made calls of
    # 7-17 ms with batches of 512, so a 20 ms bound failed there): the longest stretch of it
    # without a stamp
    long_calls = [(a, b) for a, b in timed.calls if b - a > 0.005]
    assert len(long_calls) >= 3, [round(b - a, 4) for a, b in timed.calls]
    gaps = []
    for a, b in long_calls:
        points = [a] + [s for s in stamps if a < s < b] + [b]
        gaps.append((max(y - x for x, y in zip(points, points[1:])), b - a))
    # the other thread ran through most calls (a loaded machine may stall it in some)
    assert sum(1 for gap, d in gaps if gap < d / 2) > len(gaps) // 2, gaps
