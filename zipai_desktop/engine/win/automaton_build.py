"""The automaton of the free cards (engine/win/automaton.py), built: its NFA, a DFA built as inputs need it, and the
minimised tables that ship in tables.bin (build/make_win_tables.py writes them; tests compare).

See engine/win/automaton.py for what the automaton reads and why.
"""

from __future__ import annotations

# Per number, the big cards a 搭 / 绞 takes when it takes d small cards.
_DA_BIG = (0, 2, 1, 3)
_SEVEN, _TWO = 3, 8  # positions of 七 and 二 when reading from 十 (position 0) down to 一 (position 9)
_LAST_START = 7  # a sequence begun at 三 (position 7) is the last that fits

# An NFA state as an int: in each suit (small at bit 0, big at bit 6) the sequences begun one number before (2 bits),
# two numbers before (2 bits) and the 二七十 begun at 十 (2 bits); bit 12: the pair is taken.
_PAIR_TAKEN = 1 << 12

STATE_LIMIT = 60_000  # DFA states per automaton (about 25 MB at most for the four automata together)

DEAD = 0  # index (state id x 16) of the state no split reaches: every symbol stays there
UNKNOWN = 16  # index of a placeholder: "this successor is not built yet"
START = 32


def _nfa_moves(position: int, state: int, symbol: int, erqishi: bool, pair_allowed: bool) -> list[tuple[int, int]]:
    """The NFA states after reading ``symbol`` at ``position`` from ``state``, each with the 胡 its groups close."""
    s, b = symbol >> 2, symbol & 3
    a_s, c_s, t_s = state & 3, (state >> 2) & 3, (state >> 4) & 3
    a_b, c_b, t_b = (state >> 6) & 3, (state >> 8) & 3, (state >> 10) & 3
    pair = state & _PAIR_TAKEN
    owed_s, owed_b = a_s + c_s, a_b + c_b
    if position in (_SEVEN, _TWO):
        owed_s += t_s
        owed_b += t_b
    rest_s, rest_b = s - owed_s, b - owed_b
    if rest_s < 0 or rest_b < 0:
        return []
    gain = 0
    if position == _TWO:
        gain = 3 * t_s + 6 * t_b  # the 二七十 close here
    elif position == 9:
        gain = 3 * c_s + 6 * c_b  # 三二一: the sequences begun at 三 close at 一
    out: list[tuple[int, int]] = []
    for d in range(4):
        db = _DA_BIG[d]
        if d > rest_s or db > rest_b:
            continue
        r_s, r_b = rest_s - d, rest_b - db
        pairs = [(0, 0, pair)]
        if pair_allowed and not pair:
            if r_s >= 2:
                pairs.append((2, 0, _PAIR_TAKEN))
            if r_b >= 2:
                pairs.append((0, 2, _PAIR_TAKEN))
        for p_s, p_b, pair_bit in pairs:
            q_s, q_b = r_s - p_s, r_b - p_b
            new_27 = position == 0 and erqishi
            for n27_s in range(q_s + 1) if new_27 else (0,):
                for n27_b in range(q_b + 1) if new_27 else (0,):
                    n_s, n_b = q_s - n27_s, q_b - n27_b  # the rest begin sequences here
                    if position > _LAST_START and (n_s or n_b):
                        continue
                    if position == 0:
                        keep_s, keep_b = n27_s, n27_b
                    elif position < _TWO:
                        keep_s, keep_b = t_s, t_b
                    else:
                        keep_s = keep_b = 0
                    nxt = n_s | a_s << 2 | keep_s << 4 | n_b << 6 | a_b << 8 | keep_b << 10 | pair_bit
                    out.append((nxt, gain))
    return out


class FreeSplitAutomaton:
    """The DFA of one rule set (二七十 or not) and one mode (a pair needed or not), built as hands need it."""

    def __init__(self, erqishi: bool, need_pair: bool) -> None:
        self.erqishi = erqishi
        self.need_pair = need_pair
        self._reset()

    def _reset(self) -> None:
        # Successors, flat: the entry at (state id x 16 + symbol) is the successor's id x 16, so a step is one index.
        self.trans: list[int] = []
        # Per state id: the best 胡 of a complete split at the end, -1 if none, -2 for the placeholder.
        self.accept: list[int] = []
        self._sets: list[tuple[tuple[int, int], ...]] = []
        self._positions: list[int] = []
        self._ids: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {}
        self._moves: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
        self._add(10, ())  # dead
        self._add(11, ())  # placeholder
        self.accept[1] = -2
        self.trans[UNKNOWN : UNKNOWN + 16] = [UNKNOWN] * 16
        self._add(0, ((0, 0),))  # start

    def _add(self, position: int, items: tuple[tuple[int, int], ...]) -> int:
        index = len(self._sets) * 16
        self._ids[(position, items)] = index
        self._sets.append(items)
        self._positions.append(position)
        self.trans.extend([DEAD if position >= 10 else UNKNOWN] * 16)
        self.accept.append(-1)
        return index

    def value(self, symbols: bytes) -> int:
        """Max 胡 of the free cards given as ten symbols (十 first), or -1 when they do not split."""
        x = START
        trans = self.trans
        for sym in symbols:
            x = trans[x + sym]
        v = self.accept[x >> 4]
        if v == -2:
            v = self._walk(symbols)
        return v

    def _walk(self, symbols: bytes) -> int:
        """:meth:`value`, building the successors that are missing on the way."""
        if len(self._sets) > STATE_LIMIT:
            self._reset()
        x = START
        trans = self.trans
        for sym in symbols:
            nxt = trans[x + sym]
            if nxt == UNKNOWN:
                nxt = trans[x + sym] = self._successor(x >> 4, sym)
            x = nxt
        return self.accept[x >> 4]

    def _successor(self, state_id: int, sym: int) -> int:
        position = self._positions[state_id]
        best: dict[int, int] = {}
        moves = self._moves
        for state, value in self._sets[state_id]:
            key = (position, state, sym)
            step = moves.get(key)
            if step is None:
                step = moves[key] = _nfa_moves(position, state, sym, self.erqishi, self.need_pair)
            for nxt, gain in step:
                if best.get(nxt, -1) < value + gain:
                    best[nxt] = value + gain
        if not best:
            return DEAD
        items = tuple(sorted(best.items()))
        index = self._ids.get((position + 1, items))
        if index is None:
            index = self._add(position + 1, items)
            if position + 1 == 10:
                want = _PAIR_TAKEN if self.need_pair else 0
                self.accept[index >> 4] = max((v for s, v in items if s == want), default=-1)
        return index

    @property
    def size(self) -> int:
        """DFA states built so far (with the dead state and the placeholder)."""
        return len(self._sets)


# ---------------------------------------------------------------------------------------------------------------------
# The shipped tables: every state a hand of up to CAP free cards can reach, built ahead (build/make_win_tables.py),
# minimised, and stored in tables.bin.

CAP = 22  # more free cards than any hand holds (21 + the winning card); more than CAP falls back to the search


def build_tables(erqishi: bool, cap: int = CAP) -> tuple[list[int], list[int]]:
    """(successors, accept values) of the minimised DFA without a pair, for every input of at most ``cap`` cards.

    Successors are flat (state id x 16 + symbol -> successor id x 16); state 0 is dead, state 1 stands for "not
    built: more than ``cap`` cards" (its accept value is -2) and state 2 is the start.
    """
    auto = FreeSplitAutomaton(erqishi, need_pair=False)
    trans = auto.trans
    frontier = {START: 0}
    for _ in range(10):
        reached: dict[int, int] = {}
        for x, used in frontier.items():
            for sym in range(16):
                cards = used + (sym >> 2) + (sym & 3)
                if cards > cap:
                    continue
                nxt = trans[x + sym]
                if nxt == UNKNOWN:
                    nxt = trans[x + sym] = auto._successor(x >> 4, sym)
                if nxt != DEAD and reached.get(nxt, cap + 1) > cards:
                    reached[nxt] = cards
        frontier = reached
    # Minimise: the DFA is layered (one layer per number), so states with the same accept value (last layer) or the
    # same successors (earlier layers) are merged from the last layer back.
    positions = auto._positions
    canon = {DEAD: 0, UNKNOWN: 1}
    signatures: dict[tuple[int, ...], int] = {}
    rows: list[tuple[int, ...]] = [(0,) * 16, (1,) * 16]
    accept = [-1, -2]
    for state in sorted(range(2, auto.size), key=lambda i: -positions[i]):
        x = state * 16
        if positions[state] >= 10:
            signature: tuple[int, ...] = (-1, auto.accept[state])
            row: tuple[int, ...] = (0,) * 16
            value = auto.accept[state]
        else:
            row = tuple(canon[trans[x + s]] for s in range(16))
            signature = row
            value = -1
        if x == START:
            signature = (-2,)  # the start keeps its own id
        found = signatures.get(signature)
        if found is None:
            found = signatures[signature] = len(rows)
            rows.append(row)
            accept.append(value)
        canon[x] = found
    # Renumber so that the start is state 2.
    start = canon[START]
    order = [0, 1, start] + [i for i in range(2, len(rows)) if i != start]
    new_id = {old: new for new, old in enumerate(order)}
    flat: list[int] = []
    for old in order:
        flat.extend(new_id[s] * 16 for s in rows[old])
    return flat, [accept[old] for old in order]
