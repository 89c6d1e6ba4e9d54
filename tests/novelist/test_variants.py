"""Variants (rulebook §5): the ten Player Powers, Events, and the co-op Penny Dreadful mode."""

from __future__ import annotations

import pytest

from inkhorn.core.errors import IllegalAction
from inkhorn.games.novelist.rules import EventDraw, Glance, SetAside, Spell
from tests.novelist.helpers import card_id, check_conservation, give_event, new, set_hand, spell, start, take


def with_power(key, players=2, ink=5, seed=0):
    kind = "passive" if key in ("borrow", "flourish", "research", "ghostwriter", "glance") else "aggressive"
    state = new(players, seed, powers=kind)
    state.powers = [key] * players
    for s in range(players):
        state.ink[s] = ink
        state.ink_supply -= ink
    return state


@pytest.mark.rule("§5.Powers")
def test_powers_are_dealt_from_the_chosen_group():
    state = new(5, 3, powers="aggressive")
    assert sorted(state.powers) == ["detour", "heckle", "shrink", "smudge", "triangle"]
    state = new(3, 3, powers="passive")
    assert set(state.powers) <= {"borrow", "flourish", "research", "ghostwriter", "glance"}


@pytest.mark.rule("§5.Powers")
def test_lyric_flourish_passive_many_times_a_turn():
    """FAQ: passive powers may be used several times a turn."""
    state = with_power("flourish")
    state.apply("power:flourish")
    state.apply("power:flourish")
    assert state.prestige[0] == 2 and state.ink[0] == 1 and "power:flourish" not in state.legal_actions()
    check_conservation(state)


@pytest.mark.rule("§5.Powers")
def test_aggressive_power_once_a_turn():
    """FAQ: aggressive powers only once a turn."""
    state = with_power("heckle")
    state.apply("power:heckle")
    assert "power:heckle" not in state.legal_actions()
    assert state.heckled[1] and state.ink[0] == 3


@pytest.mark.rule("§5.Powers")
def test_heckle_discards_a_random_card_of_the_next_hand():
    state = with_power("heckle")
    state.apply("power:heckle")
    state.apply("pass")
    state.apply("pass")  # seat 1 passes and draws a heckled hand
    assert len(state.hand[1]) == 4 and not state.heckled[1]
    check_conservation(state)


@pytest.mark.rule("§5.Powers")
def test_borrowed_muse_uses_an_offer_card_then_returns_it():
    state = with_power("borrow")
    row = state.offer_row[:]
    target = row[0]
    state.apply(f"power:borrow:{target}")
    assert target in state.hand[0] and target not in state.offer_row
    assert state.borrowed[0] == target
    letter = state.content.cards[target].letter
    words = [a[6:] for a in state.legal_actions() if a.startswith("spell:")]
    assert words and all(letter in w for w in words)  # it must be used
    spell(state, words[0])
    assert target in state.offer_row and target not in state.discard[0]
    check_conservation(state)


@pytest.mark.rule("§5.Powers")
def test_deep_research_finds_a_genre_card_and_inks_it():
    state = with_power("research")
    h = card_id(state, "h", "horror")
    take(state, h)
    state.deck[0].insert(0, h)
    assert "power:research:horror" in state.legal_actions()
    state.apply("power:research:horror")
    assert h in state.hand[0] and h in state.inked[0] and state.ink[0] == 2
    check_conservation(state)


@pytest.mark.rule("§5.Powers")
def test_ghost_writer_draws_a_card_that_must_be_wild():
    state = with_power("ghostwriter")
    state.apply("power:ghostwriter")
    forced = state.forced_wild[0][0]
    assert forced in state.hand[0]
    words = [a for a in state.legal_actions() if a.startswith("spell:")]
    state.apply(words[0])
    step = state.decision()
    assert step.wild[step.cards.index(forced)]
    state.apply("accept")
    check_conservation(state)


@pytest.mark.rule("§5.Powers")
def test_quick_glance_keeps_or_discards_the_top_card():
    state = with_power("glance")
    top = state.deck[0][-1]
    state.apply("power:glance")
    assert isinstance(state.decision(), Glance)
    state.apply("glance:keep")
    assert state.known_top[0] == top and state.observation(0)["me"]["known_top"] == top
    assert isinstance(state.decision(), Spell)
    state.apply("power:glance")
    state.apply("glance:discard")
    assert top in state.discard[0] and state.known_top[0] == -1


@pytest.mark.rule("§5.Powers")
def test_jealous_triangle_sets_aside_until_the_next_shuffle():
    state = with_power("triangle", players=3)
    for s in (1, 2):
        state.discard[s].append(state.deck[s].pop())
    state.apply("power:triangle")
    assert isinstance(state.decision(), SetAside)
    c1 = state.discard[1][0]
    state.apply(f"aside:{c1}")
    c2 = state.discard[2][0]
    state.apply(f"aside:{c2}")
    assert state.set_aside[1] == (c1,) and isinstance(state.decision(), Spell)
    # at seat 1's next shuffle the card comes back
    state.deck[1], state.discard[1] = [], state.deck[1]
    from inkhorn.games.novelist.rules import draw_card

    draw_card(state, 1)
    assert state.set_aside[1] == () and c1 in state.deck[1] + state.hand[1]
    check_conservation(state)


@pytest.mark.rule("§5.Powers")
def test_smudged_proof_forces_a_letter_without_benefits():
    state = with_power("smudge")
    top = state.offer_deck[-1]
    letter = state.content.cards[top].letter
    state.apply("power:smudge")
    assert state.must_letter[1] == letter and top in state.offer_discard
    state.apply("pass")
    set_hand(state, 1, [start(state, 1, "a"), start(state, 1, "t"), start(state, 1, "e")])
    word = next(w for w in ("ate", "eat", "tea") if letter not in w)
    with pytest.raises(IllegalAction, match=letter.upper()):
        state.apply(f"spell:{word}")
    check_conservation(state)


@pytest.mark.rule("§5.Powers")
def test_shrinking_inkwell_costs_x_and_takes_twice_as_much():
    state = with_power("shrink")
    state.ink[1] = 3
    state.ink_supply += 2
    state.apply("power:shrink:1")
    assert state.ink[0] == 4 and state.ink[1] == 1
    check_conservation(state)


@pytest.mark.rule("§5.Powers")
def test_forced_detour_makes_one_opponent_card_wild():
    state = with_power("detour")
    state.apply("power:detour")
    assert len(state.forced_wild[1]) == 1 and state.forced_wild[1][0] in state.hand[1]
    assert state.observation(0)["seats"][1]["forced_wild"] == 1


@pytest.mark.rule("§5.Events")
def test_events_drawn_on_a_new_decade_and_swapped_with_a_leader():
    state = new(3, 0, events=True)
    state.prestige = [9, 30, 0]
    state.decade = [0, 3, 0]
    set_hand(state, 0, [start(state, 0, "a"), start(state, 0, "t")])
    prest = state.content.prestige_ids[0]
    take(state, prest)
    state.hand[0].append(prest)
    spell(state, "bat")
    state.apply("end")
    step = state.decision()
    assert isinstance(step, EventDraw)
    assert state.legal_actions() == ["event:keep", "event:swap:1"]
    state.apply("event:swap:1")
    assert state.events[1] == step.event and state.events[0] == -1
    check_conservation(state)


EVENT_CASES = {
    "writers-block": lambda s: "spell:at" not in s.legal_actions() and all(len(a) >= 10 for a in s.legal_actions() if a.startswith("spell:")),
    "serial-deadline": lambda s: all(len(a) <= 11 for a in s.legal_actions() if a.startswith("spell:")),
}


@pytest.mark.rule("§5.Events")
@pytest.mark.parametrize("key", sorted(EVENT_CASES))
def test_word_length_events(key):
    state = new(2, 0, events=True)
    give_event(state, 0, key)
    set_hand(state, 0, [start(state, 0, ch) for ch in "aeilnrst"])
    assert EVENT_CASES[key](state)


@pytest.mark.parametrize("key,word,coins,prestige", [
    ("vowel-harmony", "tea", 3 + 2, 0),
    ("royalties", "tea", 3 + 1, 0),
    ("debt-collector", "tea", 3 - 1, 0),
    ("epic-ambitions", "entrails", 8, 2),
    ("purple-prose", "entrails", 8, 4),
])
@pytest.mark.rule("§5.Events")
def test_word_scoring_events(key, word, coins, prestige):
    state = new(2, 0, events=True)
    give_event(state, 0, key)
    set_hand(state, 0, [start(state, 0, ch) for ch in "aeilnrst"])
    spell(state, word)
    assert (state.coins, state.prestige[0]) == (coins, prestige)


@pytest.mark.rule("§5.Events")
def test_event_rules_on_purchases_and_turns():
    state = new(2, 0, events=True)
    give_event(state, 0, "ink-shortage")
    give_event(state, 1, "inspired")
    set_hand(state, 0, [start(state, 0, ch) for ch in "tea"])
    spell(state, "tea")
    state.apply("ink:buy")
    assert state.coins == 1
    state.apply("end")
    state.apply("pass")
    assert len(state.hand[1]) == 6
    state2 = new(2, 0, events=True)
    give_event(state2, 1, "patrons-gift")
    state2.apply("pass")
    assert state2.ink[1] == 1
    state3 = new(2, 0, events=True)
    give_event(state3, 0, "strict-editor")
    set_hand(state3, 0, [start(state3, 0, ch) for ch in "aest"])
    state3.apply("spell:cats")  # one wild: fine
    state3.apply("back")
    with pytest.raises(IllegalAction):
        state3.apply("spell:chat")  # two wilds


@pytest.mark.rule("§5.Events")
def test_plagiarism_scandal_bars_other_classics():
    state = new(2, 0, events=True)
    p_tc = card_id(state, "p", "adventure", classic=True)
    take(state, p_tc)
    state.classics[0] += (p_tc,)
    state.apply("pass")
    give_event(state, 1, "plagiarism-scandal")
    set_hand(state, 1, [start(state, 1, "a"), start(state, 1, "t")])
    with pytest.raises(IllegalAction):
        state.apply("spell:pat")


@pytest.mark.rule("Co-op")
def test_coop_rival_takes_the_oldest_card_and_scores_its_cost():
    state = new(1, 0, coop="penny-hack")
    oldest = state.offer_row[0]
    card = state.content.cards[oldest]
    state.apply("pass")
    want = card.cost * (2 if card.genre == "horror" else 1)
    assert state.rival_score == want and oldest in state.offer_discard
    assert len(state.offer_row) == 7
    check_conservation(state)


@pytest.mark.rule("Co-op")
def test_coop_twists_bought_used_and_jailed():
    state = new(2, 0, coop="gossip-sheet")
    r_jail = card_id(state, "r", "mystery", "jail")
    n_mys = card_id(state, "n", "mystery", "", classic=False)
    set_hand(state, 0, [r_jail, start(state, 0, "a"), n_mys])
    spell(state, "ran")
    assert state.rival_score == 2  # two Mystery cards face up
    state.apply(f"jail:{state.offer_row[1]}")
    assert state.rival_score == 4
    state2 = new(2, 0, coop="penny-hack")
    horror = next(c for c in state2.offer_row if state2.content.cards[c].genre == "horror") \
        if any(state2.content.cards[c].genre == "horror" for c in state2.offer_row) else None
    if horror is None:
        horror = card_id(state2, "l", "horror")
        take(state2, horror)
        state2.offer_discard.append(state2.offer_row.pop())
        state2.offer_row.append(horror)
    set_hand(state2, 0, [start(state2, 0, "a"), start(state2, 0, "t")])
    spell(state2, "at")
    state2.coins = 20
    state2.apply(f"buy:{horror}")
    assert state2.rival_score == 1


@pytest.mark.rule("Co-op")
def test_coop_team_wins_at_the_shared_target():
    state = new(2, 0, coop="penny-hack")
    state.prestige = [60, 59]
    state.apply("pass")
    assert not state.is_terminal()  # 119 of 120
    state.prestige = [60, 60]
    state.apply("pass")
    assert state.is_terminal()
    assert state.scores()[0] == state.scores()[1] == 100.0  # all of the goal, and a win
    assert state.winners() == [0, 1]  # the whole team wins together


@pytest.mark.rule("Co-op", "R22")
def test_coop_rival_wins_at_its_target():
    state = new(1, 0, coop="penny-hack", rival_target=1)
    state.prestige = [30]
    state.apply("pass")
    assert state.is_terminal() and state.scores()[0] == -50.0  # half the goal, and a loss
    assert state.winners() == []  # the rival beat the team: nobody wins


@pytest.mark.rule("Co-op", "R22")
def test_coop_team_and_rival_at_their_goals_on_one_turn_is_a_win_with_a_positive_score():
    state = new(2, 0, coop="penny-hack", rival_target=1)
    state.prestige = [60, 60]
    state.rival_score = 10_000  # far past its own goal on the same turn
    state.apply("pass")
    assert state.is_terminal() and state.winners() == [0, 1]
    assert state.scores()[0] > 0


@pytest.mark.rule("Co-op", "§4.3", "§6", "R17", "R22")
def test_coop_awards_do_not_reach_the_goal_but_count_in_a_won_score():
    """Award prestige "does not count toward ending the game" (§6): nor toward the team's
    goal; a won game's score counts it with the rest of the team's prestige."""
    state = new(2, 0, coop="penny-hack", awards=True)
    state.prestige = [60, 59]
    state.award = [12, 0]  # 131 with the award, 119 without
    state.apply("pass")
    assert not state.is_terminal()
    assert state.scores()[0] == round(100 * (119 / 120 - state.rival_score / 240), 3)  # no award in it
    state.prestige = [60, 60]
    state.apply("pass")
    assert state.is_terminal() and state.winners() == [0, 1]
    assert state.scores()[0] == round(100 * 132 / 120, 3)
    # a loss with awards that would have passed the goal stays below zero
    lost = new(1, 0, coop="penny-hack", awards=True, rival_target=1)
    lost.prestige, lost.award = [55], [15]
    lost.apply("pass")
    assert lost.winners() == [] and lost.scores()[0] < 0


@pytest.mark.rule("§5.Events")
def test_more_event_rules():
    cards_of = lambda st, g: [c for c in range(140) if st.content.cards[c].genre == g]  # noqa: E731
    # Exotic Vocabulary and Gothic Revival: extra prestige per face-up card
    state = new(2, 0, events=True)
    give_event(state, 0, "exotic-vocabulary")
    k = card_id(state, "k", "horror", "")
    set_hand(state, 0, [k, start(state, 0, "i"), start(state, 0, "t"), start(state, 0, "e")])
    spell(state, "kite")
    assert state.prestige[0] == state.content.cards[k].prestige + 2
    state = new(2, 0, events=True)
    give_event(state, 0, "gothic-revival")
    set_hand(state, 0, [k, start(state, 0, "i"), start(state, 0, "t"), start(state, 0, "e")])
    spell(state, "kite")
    assert state.prestige[0] == state.content.cards[k].prestige + 1
    # Stubborn Printer: no flush even with four of a genre; Thin Purse: one card a turn
    state = new(2, 0, events=True)
    give_event(state, 0, "stubborn-printer")
    give_event(state, 1, "thin-purse")
    horror = [c for c in cards_of(state, "horror") if state.content.cards[c].cost <= 3][:7]
    for c in horror:
        take(state, c)
    state.offer_discard.extend(state.offer_row)
    state.offer_row = horror
    set_hand(state, 0, [start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "at")
    assert "flush" not in state.legal_actions()
    state.apply("end")
    set_hand(state, 1, [start(state, 1, "a"), start(state, 1, "t")])
    spell(state, "at")
    state.coins = 20
    state.apply(f"buy:{state.offer_row[0]}")
    assert not [a for a in state.legal_actions() if a.startswith("buy:")]
    # Distracted: four-card hands
    state = new(2, 0, events=True)
    give_event(state, 0, "distracted")
    state.apply("pass")
    assert len(state.hand[0]) == 4


@pytest.mark.rule("§5.Events")
@pytest.mark.parametrize("index", range(25))
def test_every_event_card_plays(index):
    """Each of the 25 events, in front of the first player, through random turns of play."""
    import random

    state = new(3, index, events=True)
    give_event(state, 0, state.content.events[index].key)
    rng = random.Random(index)
    for _ in range(120):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    check_conservation(state)
    assert state.rounds >= 1
