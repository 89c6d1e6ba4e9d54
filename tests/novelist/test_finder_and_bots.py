"""The word finder, the human proposal, hidden information and the bots."""

from __future__ import annotations

import pytest

from inkhorn.core.checks import check_determinize
from inkhorn.games.novelist.rules import Arrange, Spell, genre_in_play, put, spelling, word_speller
from inkhorn.games.novelist.scoring import Spelling
from inkhorn.match import play_match
from tests.novelist.helpers import card_id, new, set_hand, start, take


@pytest.mark.rule("§4.2")
def test_finder_returns_spellable_words_with_best_layouts():
    state = new(2, 0)
    q = card_id(state, "q", "romance")
    set_hand(state, 0, [q, start(state, 0, "a"), start(state, 0, "t"), start(state, 0, "i"), start(state, 0, "n")])
    sp = spelling(state, 0)
    plays = state.finder.find(sp, genre_in_play(state, 0))
    assert plays, "no words found"
    values = [p.score.value for p in plays]
    assert values == sorted(values, reverse=True)
    for p in plays:
        assert p.word in state.dictionary
        for c, w, ch in zip(p.cards, p.wild, p.word):
            assert w or state.content.cards[c].letter == ch
    # the best word uses the valuable Q face up
    best = plays[0]
    assert q in best.cards and not best.wild[best.cards.index(q)]


@pytest.mark.rule("§4.2")
def test_finder_counts_genre_pairs_and_doubling():
    state = new(2, 0)
    e_dbl = card_id(state, "e", "romance", "double")
    r = card_id(state, "r", "romance", "", classic=False)
    set_hand(state, 0, [r, e_dbl, start(state, 0, "a"), start(state, 0, "t")])
    plays = state.finder.find(spelling(state, 0), {})
    by_word = {p.word: p for p in plays}
    assert "rate" in by_word or "tear" in by_word or "tare" in by_word
    some = next(p for p in plays if r in p.cards and e_dbl in p.cards)
    i, j = some.cards.index(r), some.cards.index(e_dbl)
    cards = state.content.cards
    extra = cards[r].coins if abs(i - j) == 1 else 0
    assert some.score.coins >= cards[r].coins + cards[r].genre_coins + cards[e_dbl].coins + extra


@pytest.mark.rule("§4.2")
def test_finder_respects_inked_cards_and_awards():
    state = new(2, 0, awards=True)
    set_hand(state, 0, [start(state, 0, ch) for ch in "aeilnrst"])
    z = card_id(state, "z", "horror")
    take(state, z)
    state.hand[0].append(z)
    state.inked[0] = (z,)
    plays = state.finder.find(spelling(state, 0), {})
    assert plays and all("z" in p.word and z in p.cards for p in plays)
    state.inked[0] = ()
    state.hand[0].remove(z)
    plays = state.finder.find(spelling(state, 0), {})
    assert max(len(p.word) for p in plays) >= 7  # awards make long words worth finding


@pytest.mark.rule("§4.2")
def test_typed_word_gets_the_best_proposal():
    state = new(2, 0)
    set_hand(state, 0, [start(state, 0, ch) for ch in "aeths"])
    state.apply("spell:THE")  # any case is accepted
    step = state.decision()
    assert isinstance(step, Arrange) and step.word == "the" and not any(step.wild)


@pytest.mark.rule("§4.2")
def test_a_world_lays_out_a_word_from_its_own_hand():
    """The speller a Spell step listed its words with is kept for laying out the word picked;
    a world re-dealt for another seat must not inherit it, nor a hand changed since."""
    state = new(2, 0)
    set_hand(state, 0, [start(state, 0, ch) for ch in "aeths"])
    assert any(a.startswith("spell:") for a in state.legal_actions())
    world = state.determinize(1, 5)  # seat 0's hand re-dealt
    word = next(a for a in world.legal_actions() if a.startswith("spell:"))
    world.apply(word)
    step = world.decision()
    assert isinstance(step, Arrange) and set(step.cards) <= set(world.hand[0])
    set_hand(state, 0, [start(state, 0, ch) for ch in "dogsa"])  # after the words were listed
    state.apply("spell:dog")
    step = state.decision()
    assert isinstance(step, Arrange) and set(step.cards) <= set(state.hand[0])


@pytest.mark.rule("§4.2")
def test_the_kept_speller_is_the_speller_of_the_moment():
    """Wherever the speller a Spell step listed its words with is used again (laying out the
    word picked, scoring it when its layout is accepted) it must equal the one worked out
    afresh. Seeded random games with events and awards; at a third of the decisions the
    actions are listed on a copy, so the kept speller often dates from an earlier decision
    (after ink drawn, a power used or a word abandoned) and must then not be used."""
    import random

    checked = kept = 0
    for seed in range(4):
        state = new(3, seed, events=True, awards=True)
        rng = random.Random(seed)
        while not state.is_terminal():
            step = state.decision()
            listed = rng.random() < 0.67
            acts = state.legal_actions() if listed else state.clone().legal_actions()
            action = rng.choice(acts)
            if (isinstance(step, Spell) and action.startswith("spell:")) or (isinstance(step, Arrange) and action == "accept"):
                memo = state.__dict__.get("speller")
                fresh = spelling(state, step.seat)
                assert fresh == Spelling(*fresh) and len(fresh) == len(Spelling._fields)  # every field made
                assert word_speller(state, step.seat) == fresh
                checked += 1
                kept += memo is not None and memo[3] == fresh
            state.apply_trusted(action)
    assert checked >= 300 and kept >= checked // 3
    # ink lifted with a remover leaves the hand as it was but frees the card: a word picked
    # next without listing the words again (as a replay does) is laid out with the new speller
    state = new(2, 0)
    hand = [start(state, 0, ch) for ch in "aeths"]
    set_hand(state, 0, hand)
    state.inked[0] = (hand[0],)  # the A carries ink: it must be used face up
    put(state, "remover", 0, 1)
    assert "spell:the" not in state.legal_actions()
    state.apply(f"remove:{hand[0]}")
    state.apply("spell:the")
    step = state.decision()
    assert isinstance(step, Arrange) and step.word == "the" and not any(step.wild)


def _ints(value):
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _ints(v)
    elif isinstance(value, list):
        for v in value:
            yield from _ints(v)


def test_hands_and_deck_order_stay_out_of_other_observations():
    state = new(3, 5)
    for seat in range(3):
        mine = state.observation(seat)["me"]
        assert mine["hand"] == sorted(state.hand[seat])
        assert mine["deck_cards"] == sorted(state.deck[seat])  # contents, never the order
        for other in (None, (seat + 1) % 3, (seat + 2) % 3):
            seen = set(_ints(state.observation(other)))
            assert not seen & set(state.hand[seat]), f"seat {seat}'s hand leaks to {other}"
            assert not seen & set(state.deck[seat]), f"seat {seat}'s deck leaks to {other}"
    for seat in (None, 0, 1, 2):
        check_determinize(state, seat, 77)


def test_greedy_beats_random_seat_rotated():
    wins = 0
    games = 6
    for i in range(games):
        agents = ["random", "random"]
        agents[i % 2] = "greedy"
        result = play_match("novelist", agents, 100 + i)
        wins += (i % 2) in result.winners
    assert wins >= 5


@pytest.mark.rule("§5.Letters")
def test_vulgar_words_are_never_suggested_but_stay_legal_to_spell():
    """The suggestions a player (or a bot) is offered leave out the words listed in
    content/unsuggested.txt; a player who types one still spells it."""
    from inkhorn.games.novelist.words import unsuggested_words

    assert "shit" in unsuggested_words() and "crap" in unsuggested_words()
    state = new(2, 0)
    set_hand(state, 0, [start(state, 0, ch) for ch in "shit"] + [start(state, 0, "a")])
    offered = [a[6:] for a in state.legal_actions() if a.startswith("spell:")]
    assert offered and not set(offered) & unsuggested_words()
    state.apply("spell:shit")
    state.apply("accept")
    assert state.last_word[1] == "shit"
    # the finder reads a signature's words to offer from one text: each signature's are its
    # words in the index, in order, but those left out
    index = state.finder.dic.index
    text, starts = state.finder.dic.offered(unsuggested_words())
    for sid, words in enumerate(index.words):
        assert text[starts[sid] : starts[sid + 1]].split() == [w for w in words if w not in unsuggested_words()]


def _offered_words():
    """At every decision offering words in seeded random games with classics and events: the
    state, the speller, the words offered, the classics in play and the game's random source
    (a test drawing from it between two yields draws as the walk itself does)."""
    import random

    for seed in range(3):
        state = new(3, seed, events=True, awards=True)
        rng = random.Random(seed)
        while not state.is_terminal():
            acts = state.legal_actions()
            offered = [a[6:] for a in acts if a.startswith("spell:")]
            if offered:
                seat = state.decision().seat
                yield state, spelling(state, seat), offered, genre_in_play(state, seat), rng
            state.apply_trusted(rng.choice(acts))


@pytest.mark.rule("§4.2")
def test_lone_layouts_match_the_full_layout_search():
    """A word whose letters each have no card or cards enough, all alike, is laid out without
    searching; the layout must be the one the full search proposes. Checked on the words
    offered in seeded random games with classics and events."""
    from inkhorn.games.novelist import words

    words_tried = [(sp, rng.choice(offered), gip) for _state, sp, offered, gip, rng in _offered_words()]
    table = new(3, 0).content.cards
    shortcut = [words.best_layout(table, sp, w, gip) for sp, w, gip in words_tried]
    searched = [words.searched_layout(table, sp, w, gip) for sp, w, gip in words_tried]
    assert len(words_tried) >= 500
    assert sum(p is not None for p in shortcut) >= 400
    assert shortcut == searched


@pytest.mark.rule("§4.2")
def test_the_finders_remembered_layouts_are_the_layouts_of_the_moment():
    """The finder remembers a word's layout per speller (hand, inked cards, classics, event,
    awards) and classics in play: asked again in seeded random games with classics and
    events, it gives what the layout search gives now, scored or not."""
    from inkhorn.games.novelist import words

    asked = 0
    for state, sp, offered, gip, rng in _offered_words():
        for w in rng.sample(offered, min(3, len(offered))):
            for scored in (True, False):
                fresh = words.best_layout(state.content.cards, sp, w, gip, scored)
                laid = None if fresh is None else (fresh.cards, fresh.wild)
                assert state.finder.layout(sp, w, gip) == laid
                assert state.finder.layout(sp, w, gip) == laid  # remembered
                asked += 1
    assert asked >= 500


@pytest.mark.rule("§4.2")
def test_the_best_signatures_are_the_head_of_the_whole_ranking():
    """The finder stops looking once no sub-multiset left can enter the best ``top``: what it
    offers must be the first ``top`` of the ranking of every signature the speller can spell.
    Checked on the spellers of seeded random games with classics and events, as dealt, with
    a required letter, and with one and two wilds forced."""
    from inkhorn.games.novelist import words

    checked = 0
    for state, sp, _offered, _gip, rng in _offered_words():
        letters = "".join(state.content.cards[c].letter for c in sp.hand)
        variants = [sp]
        if letters:
            variants.append(sp._replace(required=rng.choice(letters)))
            variants.append(sp._replace(must_wild=sp.hand[:1], max_wilds=max(sp.max_wilds, 2)))
            variants.append(sp._replace(must_wild=sp.hand[:2], max_wilds=max(sp.max_wilds, 3)))
        for v in variants:
            whole = words.ranked_signatures(state.finder, v)
            for top in (1, 3, 10, 40):
                assert words.ranked_signatures(state.finder, v, top) == whole[:top]
            checked += 1
    assert checked >= 1000


def test_each_thread_has_its_own_finder_over_the_one_dictionary():
    """A finder's caches and the arrays its ranking works in serve one caller at a time:
    games made in two threads get two finders (sharing the dictionary), and games made in
    one thread share one; both rank alike."""
    import threading

    from inkhorn.games.novelist import words
    from inkhorn.games.novelist.state import finder_for

    here = finder_for(None, None)
    assert finder_for(None, None) is here
    there: list = []
    thread = threading.Thread(target=lambda: there.append(finder_for(None, None)))
    thread.start()
    thread.join()
    assert there[0] is not here and there[0].dic is here.dic
    checked = 0
    for _state, sp, _offered, _gip, _rng in _offered_words():
        assert words.ranked_ids(there[0], sp, 12) == words.ranked_ids(here, sp, 12)
        checked += 1
    assert checked >= 100


def test_a_ranking_stopped_midway_leaves_the_next_one_right():
    """The ranking keeps the signatures it finds in arrays it reuses: one stopped by an
    exception (an interrupt) must not leave them to the next. Checked on the module's source
    (its compiled build runs the same code), the stop forced at the fifth signature found."""
    import importlib.util
    import sys
    from pathlib import Path

    from inkhorn.games.novelist import words as compiled_or_not

    spec = importlib.util.spec_from_file_location("novelist_words_source",
                                                  Path(compiled_or_not.__file__).with_name("words.py"))
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = source  # dataclasses look their module up while it loads
    try:
        spec.loader.exec_module(source)
        state = new(3, 7)
        finder = source.WordFinder(state.finder.dic, state.finder.table)
        spellers = [sp for _state, sp, _offered, _gip, _rng in _offered_words()][:40]
        want = [source.ranked_ids(source.WordFinder(state.finder.dic, state.finder.table), sp, 12) for sp in spellers]
        found, calls = source._Ranking._found, [0]

        def stops_at_the_fifth(self, sid, v):
            calls[0] += 1
            if calls[0] == 5:
                raise KeyboardInterrupt
            return found(self, sid, v)

        stopped = 0
        for k in range(len(spellers) - 1):  # a speller's ranking stopped, then the next one's
            calls[0] = 0
            source._Ranking._found = stops_at_the_fifth
            try:
                source.ranked_ids(finder, spellers[k], 12)
            except KeyboardInterrupt:
                stopped += 1
            finally:
                source._Ranking._found = found
            assert source.ranked_ids(finder, spellers[k + 1], 12) == want[k + 1]
        assert stopped >= 30
    finally:
        del sys.modules[spec.name]


def test_the_searching_bot_lays_out_its_words_without_fiddling():
    """The search judges a word by its best layout (``Arrange`` is a detail step) and keeps
    the proposed layout unless a change is clearly better (``confidence``): a card turned
    face down can be turned up again, so a change looks as good as accepting, and without
    both the bot turned cards a dozen times a word."""
    from inkhorn.agents import make_agent

    changes = accepted = 0
    for seed in range(2):
        state = new(3, seed)
        bots = [make_agent("mcts:iters=60", seed), make_agent("greedy", 4), make_agent("greedy", 5)]
        while not state.is_terminal():
            seat = state.current_seat()
            action = bots[seat].choose(state, seat)
            if seat == 0:
                changes += action.startswith(("wild:", "up:", "back"))
                accepted += action == "accept"
            state.apply(action)
    assert changes <= 3 * accepted, (changes, accepted)


@pytest.mark.rule("§5.Letters")
def test_the_signature_index_finds_exactly_the_dictionarys_signatures():
    """The finder's index numbers every signature (reverse alphabetical) and finds, for any
    letters, the signature they make and the signatures one letter longer: checked against
    the dictionary's own words, for every signature and for letters that make none."""
    import random

    from inkhorn.games.novelist.words import DEL1_MAX_LEN, MAX_FIND_LEN, letter_code, load_dictionary

    d = load_dictionary()
    index = d.index
    by_sig: dict[str, list[str]] = {}
    for word in d.words:
        if len(word) <= MAX_FIND_LEN:
            by_sig.setdefault("".join(sorted(word)), []).append(word)
    sigs = list(by_sig)
    assert list(index.sigs) == sorted(sigs, reverse=True)
    assert [list(words) for words in index.words] == [by_sig[sig] for sig in index.sigs]
    for number, sig in enumerate(index.sigs):
        assert index.signature(letter_code(sig)) == number
    grown_into: dict[str, set[str]] = {}
    for sig in sigs:
        if len(sig) <= DEL1_MAX_LEN:
            for i in range(len(sig)):
                grown_into.setdefault(sig[:i] + sig[i + 1:], set()).add(sig)
    rng = random.Random(3)
    probes = rng.sample(sorted(grown_into), 3000)
    probes += ["".join(sorted(rng.choices("abcdefghijklmnopqrstuvwxyz", k=rng.randint(1, 11)))) for _ in range(3000)]
    numbers = {sig: n for n, sig in enumerate(index.sigs)}
    for letters in probes:
        code = letter_code(letters)
        number = index.signature(code)
        assert number == numbers.get(letters, -1), letters
        if number >= 0:
            assert index.letters[number] == sum(1 << (ord(c) - 97) for c in set(letters))
        entry = index.grown(code)
        found = set() if entry < 0 else {
            index.sigs[n] for n in index.short_ids[index.short_start[entry]:index.short_start[entry + 1]]}
        assert found == grown_into.get(letters, set()), letters
