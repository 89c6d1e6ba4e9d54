"""A turn (rulebook §4-5): spelling with face-up cards and wilds, ink, removers, Timeless
Classics, genre benefits, passing, purchasing, discarding and drawing."""

from __future__ import annotations

import pytest

from inkhorn.core.checks import snapshot
from inkhorn.core.errors import IllegalAction, OptionError
from inkhorn.games.novelist.rules import Arrange, Purchase, Spell, put
from tests.novelist.helpers import card_id, check_conservation, new, set_hand, spell, start


def hand_of(state, seat, letters):
    return [start(state, seat, ch) for ch in letters]


@pytest.mark.rule("§3a", "§3b", "§3c")
def test_setup_starting_decks_row_and_hands():
    state = new(3, 4)
    content = state.content
    for seat in range(3):
        cards = state.hand[seat] + state.deck[seat]
        assert len(state.hand[seat]) == 5 and len(cards) == 10
        assert set(content.coin_ids[seat]) <= set(cards)
        assert len([c for c in cards if c in content.prestige_ids]) == 2
    assert len(state.offer_row) == 7 and len(state.offer_deck) == 133
    assert len(state.box) == 10 - 6 + 8 * 2  # unused prestige letters and coin sets of empty seats
    assert state.turn == 0 and isinstance(state.decision(), Spell)
    check_conservation(state)


@pytest.mark.rule("§3a")
def test_solo_needs_coop_and_unknown_options_fail():
    with pytest.raises(OptionError, match="co-op"):
        new(1, 0)
    with pytest.raises(OptionError, match="unknown option"):
        new(2, 0, turbo=True)
    with pytest.raises(OptionError):
        new(2, 0, powers="sometimes")


@pytest.mark.rule("§4.2", "§5.Letters", "§4.4")
def test_spell_face_up_cards_give_basic_benefits():
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "aeths"))
    spell(state, "haste")
    assert state.coins == 4 and state.prestige[0] == 1
    assert isinstance(state.decision(), Purchase)


@pytest.mark.rule("§4.2", "§5.Letters")
def test_wild_card_is_face_down_and_gives_nothing():
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "atesh"))
    state.apply("spell:chats")
    step = state.decision()
    assert isinstance(step, Arrange)
    wild_cards = [c for c, w in zip(step.cards, step.wild) if w]
    assert wild_cards == [start(state, 0, "e")]  # the spare E stands in for the C
    state.apply("accept")
    assert state.coins == 3 and state.prestige[0] == 1


@pytest.mark.rule("§4.2", "§5.Letters")
def test_malformed_and_unspellable_words_are_rejected_cleanly():
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "aeths"))
    before = snapshot(state)
    for bad, why in [("spell:qzxv", "not in the dictionary"), ("spell:ab1", "letters a-z"),
                     ("spell:", "letters a-z"), ("spell:a", "at least 2"),
                     ("spell:breathes", "only 5 cards"), ("fly", "expected spell")]:
        with pytest.raises(IllegalAction, match=why):
            state.apply(bad)
    assert snapshot(state) == before


@pytest.mark.rule("§4.2", "§5.Letters")
def test_wrong_layout_change_is_rejected():
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "aeths"))
    state.apply("spell:hat")
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(f"up:{start(state, 0, 'a')}")  # already face up
    with pytest.raises(IllegalAction):
        state.apply("wild:999")
    assert snapshot(state) == before


@pytest.mark.rule("§4.2", "§5.Letters")
def test_human_can_turn_cards_face_down_and_up():
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "aeths"))
    state.apply("spell:heat")
    a = start(state, 0, "a")
    state.apply(f"wild:{a}")
    assert state.decision().wild[state.decision().cards.index(a)]
    state.apply(f"up:{a}")
    assert not any(state.decision().wild)
    state.apply(f"wild:{a}")
    state.apply("accept")
    assert state.coins == 2 and state.prestige[0] == 1  # E and T coins, H prestige; A gave nothing


@pytest.mark.rule("§4.2", "§5.Letters")
def test_going_back_from_a_layout_to_another_word():
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "aeths"))
    state.apply("spell:hat")
    state.apply("back")
    spell(state, "haste")
    assert state.coins == 4


@pytest.mark.rule("§4.1", "§5.Ink")
def test_ink_drawn_card_must_be_used_face_up():
    """FAQ: a card drawn with ink cannot be played as a wild."""
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "aeths"))
    state.ink[0] = 1
    state.ink_supply -= 1
    r = start(state, 0, "r")
    state.deck[0].remove(r)
    state.deck[0].append(r)
    state.apply("ink")
    assert state.inked[0] == (r,) and r in state.hand[0]
    with pytest.raises(IllegalAction, match="inked"):
        state.apply("spell:haste")
    state.apply("spell:haters")
    assert f"wild:{r}" not in state.legal_actions()
    state.apply("accept")
    assert state.inked[0] == () and state.ink_supply == 38
    check_conservation(state)


@pytest.mark.rule("§4.1", "§5.Ink")
def test_cannot_use_inked_cards_so_must_pass():
    """FAQ: no word with the inked cards -> pass: discard all, return ink, draw a new hand."""
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "aeths"))
    state.ink[0] = 1
    state.ink_supply -= 1
    q = card_id(state, "q")
    from tests.novelist.helpers import take

    take(state, q)
    state.deck[0].append(q)
    state.apply("ink")
    old_hand = set(state.hand[0])
    state.apply("pass")
    assert old_hand <= set(state.discard[0])
    assert state.ink_supply == 38 and state.ink[0] == 0
    assert len(state.hand[0]) == 5 and state.turn == 1
    check_conservation(state)


@pytest.mark.rule("§4.2", "§5.Letters", "§4.1", "§5.Ink", "§4.After", "§5.Remover")
def test_remover_lifts_ink_before_spelling():
    """FAQ: a remover may be used any time before the next word; both tokens go back."""
    state = new(2, 0)
    state.ink[0] = 1
    state.ink_supply -= 1
    put(state, "remover", 0, 1)
    state.remover_supply -= 1
    state.apply("ink")
    c = state.inked[0][0]
    state.apply(f"remove:{c}")
    assert state.inked[0] == () and c in state.hand[0]
    assert state.remover[0] == 0 and state.remover_supply == 18 and state.ink_supply == 38


@pytest.mark.rule("§4.4", "§5.Genres")
def test_genre_benefit_needs_a_second_card_of_the_genre():
    state = new(2, 0)
    l_adv = card_id(state, "l", "adventure", special="", classic=False)  # 1 prestige, +1 with a pair
    r_adv = card_id(state, "r", "adventure", special="", classic=False)
    set_hand(state, 0, [l_adv, start(state, 0, "a"), start(state, 0, "e")])
    spell(state, "lea")
    assert state.prestige[0] == 1  # alone: no genre benefit
    state2 = new(2, 0)
    set_hand(state2, 0, [l_adv, r_adv, start(state2, 0, "a"), start(state2, 0, "e")])
    spell(state2, "real")
    base = state2.content.cards[l_adv].prestige + state2.content.cards[r_adv].prestige
    assert state2.prestige[0] == base + 2  # both fire their +1 prestige


@pytest.mark.rule("§5.Genres", "§5.Classics")
def test_timeless_classic_stays_in_play_and_pairs_genres():
    state = new(2, 0)
    p_tc = card_id(state, "p", "adventure", classic=True)
    card = state.content.cards[p_tc]
    set_hand(state, 0, [p_tc, start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "pat")
    assert state.prestige[0] == card.prestige and state.coins == card.coins + 2
    state.apply("end")
    assert p_tc in state.classics[0] and p_tc not in state.discard[0]
    # seat 1 passes; seat 0 then pairs an Adventure card with the classic in play
    state.apply("pass")
    l_adv = card_id(state, "l", "adventure", special="", classic=False)
    set_hand(state, 0, [l_adv, start(state, 0, "e"), start(state, 0, "a")])
    before = state.prestige[0]
    spell(state, "lea")
    # L's prestige, its genre +1 thanks to the classic, and the classic's own Basic Benefit,
    # which it pays every turn it is in play (§5, R7)
    assert state.prestige[0] - before == 1 + 1 + card.prestige


@pytest.mark.rule("§5.Classics", "§4.4", "R7")
@pytest.mark.parametrize("reading", ["ongoing", "when-used"])
def test_a_classic_in_play_pays_its_basic_benefits_every_turn_of_its_owner(reading):
    """"They stay in play and provide ongoing Basic Benefits ... The owner keeps gaining
    benefits unless the card is used by another player" (§5); the narrower reading, paid
    only in the owner's words, is the option ``classics=when-used``."""
    state = new(2, 0, classics=reading)
    p_tc = card_id(state, "p", "adventure", classic=True)
    card = state.content.cards[p_tc]
    assert card.coins or card.prestige
    set_hand(state, 0, [p_tc, start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "pat")
    state.apply("end")
    state.apply("pass")
    # a word without the classic: its Basic Benefits come too, as written
    word = [start(state, 0, "t"), start(state, 0, "e"), start(state, 0, "a")]
    set_hand(state, 0, word)
    before, coins_before = state.prestige[0], state.coins
    spell(state, "tea")
    paid = reading == "ongoing"
    table = state.content.cards
    assert state.prestige[0] - before == sum(table[c].prestige for c in word) + (card.prestige if paid else 0)
    assert state.coins - coins_before == sum(table[c].coins for c in word) + (card.coins if paid else 0)
    state.apply("end")
    # a pass: no purchase, so only the prestige counts
    state.apply("pass")
    before = state.prestige[0]
    state.apply("pass")
    assert state.prestige[0] - before == (card.prestige if paid else 0)
    assert p_tc in state.classics[0]


@pytest.mark.rule("§5.Classics")
def test_own_classic_reused_gives_benefits_again():
    state = new(2, 0)
    p_tc = card_id(state, "p", "adventure", classic=True)
    set_hand(state, 0, [p_tc, start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "pat")
    state.apply("end")
    state.apply("pass")
    set_hand(state, 0, [start(state, 0, "a"), start(state, 0, "t")])
    before = state.prestige[0]
    state.apply("spell:pat")
    assert p_tc in state.decision().cards
    state.apply("accept")
    assert state.prestige[0] - before == state.content.cards[p_tc].prestige
    assert p_tc in state.classics[0]


@pytest.mark.rule("§5.Classics")
def test_other_players_classic_is_a_letter_only_and_goes_home():
    """FAQ: no benefits from another player's classic; it returns to its owner's discard."""
    state = new(2, 0)
    p_tc = card_id(state, "p", "adventure", classic=True)
    set_hand(state, 0, [p_tc, start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "pat")
    state.apply("end")
    set_hand(state, 1, [start(state, 1, "a"), start(state, 1, "t")])
    state.apply("spell:tap")
    assert p_tc in state.decision().cards
    state.apply("accept")
    assert state.prestige[1] == 0 and state.coins == 2
    assert p_tc in state.discard[0] and p_tc not in state.classics[0]
    check_conservation(state)


@pytest.mark.rule("§4.6", "§4.7")
def test_discard_and_draw_five_with_reshuffle():
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "aeths"))
    state.discard[0] = state.deck[0][:]
    state.deck[0] = []
    spell(state, "haste")
    state.apply("end")
    assert len(state.hand[0]) == 5 and state.discard[0] == []
    check_conservation(state)


@pytest.mark.rule("§5.Coins", "§4.5")
def test_unused_coins_are_lost():
    """FAQ: coins do not carry over."""
    state = new(2, 0)
    set_hand(state, 0, hand_of(state, 0, "aeths"))
    spell(state, "haste")
    state.apply("end")
    assert state.coins == 0 and state.turn == 1
