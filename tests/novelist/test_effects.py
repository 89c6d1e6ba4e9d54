"""Genre effects (rulebook §5, Card Genres), purchasing, the Flush rule and the end (§6)."""

from __future__ import annotations

import pytest

from inkhorn.core.errors import IllegalAction
from inkhorn.games.novelist.rules import Choose, card_price, put
from tests.novelist.helpers import card_id, check_conservation, give_event, new, set_hand, spell, start, take


def cid(state, letter, genre, special=None, **kw):
    return card_id(state, letter, genre, special=special, **kw)


@pytest.mark.rule("§4.4", "§5.Genres")
def test_mystery_uncover_adjacent_wild_gains_its_benefits():
    state = new(2, 0)
    l_unc = cid(state, "l", "mystery", "uncover")
    n_mys = cid(state, "n", "mystery", "", classic=False)
    y = start(state, 0, "y")
    set_hand(state, 0, [n_mys, start(state, 0, "a"), y, l_unc])
    state.apply("spell:nail")
    step = state.decision()
    assert step.wild == (False, False, True, False) and step.cards[2] == y
    state.apply("accept")
    cards = state.content.cards
    coins = cards[n_mys].coins + cards[n_mys].genre_coins + 1 + cards[l_unc].coins
    assert state.coins == coins and state.prestige[0] == 1  # the Y's prestige, uncovered


@pytest.mark.rule("§4.4", "§5.Genres", "§4.5")
def test_mystery_jail_reserves_a_card_only_its_jailer_may_buy():
    state = new(2, 0)
    r_jail = cid(state, "r", "mystery", "jail")
    n_mys = cid(state, "n", "mystery", "", classic=False)
    set_hand(state, 0, [r_jail, start(state, 0, "a"), n_mys])
    spell(state, "ran")
    assert isinstance(state.decision(), Choose)
    target = state.offer_row[0]
    state.apply(f"jail:{target}")
    assert state.jail[0] == target and target not in state.offer_row and len(state.offer_row) == 7
    state.coins = 20
    assert f"buy:{target}" in state.legal_actions()
    state.apply("end")
    # seat 1 cannot buy it
    set_hand(state, 1, [start(state, 1, "a"), start(state, 1, "t")])
    spell(state, "at")
    state.coins = 20
    assert f"buy:{target}" not in state.legal_actions()
    check_conservation(state)


@pytest.mark.rule("§5.Genres", "§4.5")
def test_only_one_jailed_card():
    state = new(2, 0)
    r_jail = cid(state, "r", "mystery", "jail")
    n_jail = cid(state, "n", "mystery", "jail")
    set_hand(state, 0, [r_jail, start(state, 0, "a"), n_jail])
    spell(state, "ran")
    state.apply(f"jail:{state.offer_row[0]}")
    assert state.legal_actions() == ["jail:none"]


@pytest.mark.rule("§4.4", "§5.Genres", "§5.Ink")
def test_horror_take_ink_or_remover():
    state = new(2, 0)
    l1 = cid(state, "l", "horror", "ink_or_remover")
    l2 = cid(state, "l", "horror", exclude=(l1,))
    set_hand(state, 0, [start(state, 0, "a"), l1, l2])
    spell(state, "all")
    assert state.legal_actions() == ["take:ink", "take:remover"]
    state.apply("take:remover")
    assert state.remover[0] == 1 and state.remover_supply == 17
    check_conservation(state)


@pytest.mark.rule("§4.4", "§5.Genres")
def test_horror_coin_or_prestige():
    state = new(2, 0)
    d = cid(state, "d", "horror", "coin_or_prestige")
    b = cid(state, "b", "horror", "")
    set_hand(state, 0, [b, start(state, 0, "a"), d])
    spell(state, "bad")
    before = state.prestige[0]
    state.apply("gain:prestige")
    assert state.prestige[0] == before + state.content.cards[d].alt


@pytest.mark.rule("§4.4", "§5.Genres", "§4.5")
def test_adventure_prestige_on_purchase():
    state = new(2, 0)
    buyable = next(c for c in range(140) if state.content.cards[c].buy_prestige)
    take(state, buyable)
    state.offer_row.append(state.offer_row.pop(0))
    state.offer_discard.append(state.offer_row.pop())
    state.offer_row.append(buyable)
    set_hand(state, 0, [start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "at")
    state.coins = state.content.cards[buyable].cost
    state.apply(f"buy:{buyable}")
    assert state.prestige[0] == state.content.cards[buyable].buy_prestige
    assert buyable in state.discard[0] and len(state.offer_row) == 7 and state.coins == 0
    check_conservation(state)


@pytest.mark.rule("§4.4", "§5.Genres")
def test_adventure_trash_this_card():
    state = new(2, 0)
    t = cid(state, "t", "adventure", "trash_self")
    l_adv = cid(state, "l", "adventure", "", classic=False)
    set_hand(state, 0, [l_adv, start(state, 0, "e"), t])
    spell(state, "let")
    before = state.prestige[0]
    state.apply("trash:yes")
    assert t in state.offer_discard and state.prestige[0] == before + state.content.cards[t].alt
    check_conservation(state)


@pytest.mark.rule("§4.4", "§5.Genres")
def test_romance_trash_another_card_from_discard():
    state = new(2, 0)
    n = cid(state, "n", "romance", "trash_other")
    r = cid(state, "r", "romance", "")
    s_card = start(state, 0, "s")
    take(state, s_card)
    state.discard[0].append(s_card)
    set_hand(state, 0, [r, start(state, 0, "a"), n])
    spell(state, "ran")
    coins = state.coins
    state.apply(f"trash:{s_card}")
    assert s_card in state.box and state.coins == coins + 1
    check_conservation(state)


@pytest.mark.rule("§4.4", "§5.Genres")
def test_romance_double_adjacent_card_and_two_doublers_triple():
    state = new(2, 0)
    e_dbl = cid(state, "e", "romance", "double")
    r = cid(state, "r", "romance", "", classic=False)
    set_hand(state, 0, [r, e_dbl])
    spell(state, "re")
    cards = state.content.cards
    assert state.coins == 2 * cards[r].coins + cards[r].genre_coins + cards[e_dbl].coins
    state2 = new(2, 0)
    a_dbl = cid(state2, "a", "romance", "double")
    set_hand(state2, 0, [a_dbl, r, e_dbl])
    spell(state2, "are")
    assert state2.coins == 3 * cards[r].coins + cards[r].genre_coins + cards[a_dbl].coins + cards[e_dbl].coins


@pytest.mark.rule("§5.Ink", "§4.5")
def test_buy_ink_and_turn_three_ink_into_a_coin():
    state = new(2, 0)
    set_hand(state, 0, [start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "at")
    state.apply("ink:buy")
    assert state.ink[0] == 1 and state.coins == 1 and state.ink_supply == 37
    state.ink[0] = 3
    state.ink_supply -= 2
    state.apply("ink:coin")
    assert state.ink[0] == 0 and state.coins == 2
    check_conservation(state)


@pytest.mark.rule("§5.Adverts")
def test_adverts_bought_in_order():
    state = new(2, 0, adverts=True)
    set_hand(state, 0, [start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "at")
    state.coins = 15
    state.apply("advert")
    assert state.prestige[0] == 3 and state.coins == 9 and state.adverts[0] == 1
    state.apply("advert")
    assert state.prestige[0] == 6 and state.coins == 0
    assert "advert" not in state.legal_actions()


def _row(state, cards):
    for c in cards:
        take(state, c)
    state.offer_discard.extend(state.offer_row)
    state.offer_row = list(cards)


@pytest.mark.rule("§4.5", "§5.Flush")
def test_flush_with_four_of_one_genre_once_and_before_purchases():
    """FAQ: no flush after a purchase; flush once a turn."""
    state = new(2, 0)
    cheap = [c for c in range(140) if state.content.cards[c].cost <= 3]
    horror = [c for c in cheap if state.content.cards[c].genre == "horror"][:4]
    others = [c for c in cheap if state.content.cards[c].genre == "romance"][:3]
    _row(state, horror + others)
    set_hand(state, 0, [start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "at")
    state.coins = 5
    assert "flush" in state.legal_actions()
    state.apply("ink:buy")
    assert "flush" not in state.legal_actions()
    state2 = new(2, 0)
    _row(state2, horror + others)
    set_hand(state2, 0, [start(state2, 0, "a"), start(state2, 0, "t")])
    spell(state2, "at")
    state2.apply("flush")
    assert not set(state2.offer_row) & set(horror + others) and len(state2.offer_row) == 7
    assert "flush" not in state2.legal_actions()
    check_conservation(state2)


@pytest.mark.parametrize("rule,dear,allowed", [("rulebook", 7, True), ("rulebook", 6, False),
                                               ("digital", 4, True), ("digital", 3, False)])
@pytest.mark.rule("§5.Flush")
def test_flush_when_cards_are_dear(rule, dear, allowed):
    state = new(2, 0, flush_rule=rule)
    cards = state.content.cards
    genres = ["adventure", "horror", "mystery", "romance"]
    expensive = []
    cheap = []
    for i in range(7):
        g = genres[i % 4]
        pool = [c for c in range(140) if cards[c].genre == g and c not in expensive + cheap]
        pick = [c for c in pool if (cards[c].cost >= 6) == (i < dear)]
        (expensive if i < dear else cheap).append(pick[0])
    _row(state, expensive + cheap)
    set_hand(state, 0, [start(state, 0, "a"), start(state, 0, "t")])
    spell(state, "at")
    assert ("flush" in state.legal_actions()) == allowed


@pytest.mark.rule("§6")
def test_sixty_prestige_triggers_the_last_round_with_equal_turns():
    state = new(3, 0)
    state.prestige[0] = 59
    state.apply("pass")
    assert not state.final_round  # 59 is not yet 60
    set_hand(state, 1, [start(state, 1, "a"), start(state, 1, "t")])
    state.prestige[1] = 59
    prest = state.content.prestige_ids[0]  # the B: 1 prestige
    take(state, prest)
    state.hand[1].append(prest)
    spell(state, "bat")
    assert state.prestige[1] == 60
    state.apply("end")
    assert state.final_round and not state.is_terminal() and state.turn == 2
    state.apply("pass")  # the player right of the first player ends the round
    assert state.is_terminal() and state.winners() == [1]


@pytest.mark.rule("§4.3")
def test_award_prestige_does_not_trigger_the_end():
    state = new(2, 0, awards=True)
    state.prestige[0] = 50
    put(state, "award", 0, 15)
    state.apply("pass")
    assert not state.final_round


@pytest.mark.rule("§6")
def test_tiebreak_most_ink():
    state = new(2, 0)
    state.prestige = [60, 60]
    state.ink = [1, 3]
    state.ink_supply -= 4
    state.apply("pass")
    state.apply("pass")
    assert state.is_terminal() and state.winners() == [1]


@pytest.mark.rule("§4.3")
def test_literary_award_claims_longest_and_discards_lower():
    state = new(2, 0, awards=True)
    set_hand(state, 0, [start(state, 0, ch) for ch in "aeilnrst"])
    state.apply("spell:ratline")
    state.apply("accept")
    assert state.award[0] == 5 and state.awards_left == (8, 9, 10, 11, 12)
    state.apply("end")
    set_hand(state, 1, [start(state, 1, ch) for ch in "aeilnrst"])
    state.apply("spell:entrails")
    state.apply("accept")
    assert state.award[1] == 6 and state.awards_left == (9, 10, 11, 12)
    assert state.scores() == [state.prestige[0] + 5, state.prestige[1] + 6]


@pytest.mark.rule("§4.3")
def test_one_active_award_replaced_by_a_better_one():
    state = new(2, 0, awards=True)
    put(state, "award", 0, 5)
    put(state, "award_len", 0, 7)
    state.awards_left = (8, 9, 10, 11, 12)
    set_hand(state, 0, [start(state, 0, ch) for ch in "aeilnrst"])
    spell(state, "entrails")
    assert state.award[0] == 6 and state.awards_left == (9, 10, 11, 12)


@pytest.mark.rule("§4.5", "§5.Events")
def test_price_never_below_one_with_discount_event():
    state = new(2, 0, events=True)
    give_event(state, 0, "horror-craze")
    two = next(c for c in range(140) if state.content.cards[c].genre == "horror" and state.content.cards[c].cost == 2)
    assert card_price(state, 0, two) == 1
    with pytest.raises(IllegalAction, match="not a legal choice"):
        set_hand(state, 0, [start(state, 0, "a"), start(state, 0, "t")])
        spell(state, "at")
        state.apply(f"buy:{state.offer_row[0]}")  # no coins


@pytest.mark.rule("§4.4", "§5.Genres")
def test_scaling_cards_per_genre_per_wild_per_ink():
    # per genre: 1 prestige for each other Adventure card in the word
    state = new(2, 0)
    cards = state.content.cards
    a_scale = cid(state, "a", "adventure", "per_genre")
    l_adv = cid(state, "l", "adventure", "", classic=False)
    r_adv = cid(state, "r", "adventure", "", classic=False)
    set_hand(state, 0, [r_adv, start(state, 0, "e"), a_scale, l_adv])
    spell(state, "real")
    want = (cards[a_scale].prestige + 2 * cards[a_scale].amount
            + cards[l_adv].prestige + cards[l_adv].genre_prestige + cards[r_adv].prestige + cards[r_adv].genre_prestige)
    assert state.prestige[0] == want
    # per wild: 1 coin for each face-down card
    state = new(2, 0)
    a_wild = cid(state, "a", "mystery", "per_wild")
    n_mys = cid(state, "n", "mystery", "", classic=False)
    set_hand(state, 0, [n_mys, a_wild, start(state, 0, "e"), start(state, 0, "t")])
    state.apply("spell:nail")
    assert sum(state.decision().wild) == 2
    state.apply("accept")
    assert state.coins == cards[n_mys].coins + cards[n_mys].genre_coins + cards[a_wild].coins + 2
    # per ink: 1 coin for each inked card in the word
    state = new(2, 0)
    n_ink = cid(state, "n", "horror", "per_ink")
    l_hor = cid(state, "l", "horror", "", classic=False)
    set_hand(state, 0, [n_ink, start(state, 0, "i"), l_hor])
    state.inked[0] = (l_hor,)
    state.ink_supply -= 1
    spell(state, "nil")
    assert state.coins == cards[n_ink].coins + 1 + 1 + cards[l_hor].coins + cards[l_hor].genre_coins
    check_conservation(state)


@pytest.mark.rule("§5.Events")
def test_smudged_letter_card_gives_nothing():
    state = new(2, 0)
    put(state, "must_letter", 0, "e")
    set_hand(state, 0, [start(state, 0, ch) for ch in "tea"])
    spell(state, "tea")
    assert state.coins == 2 and state.must_letter[0] == ""


@pytest.mark.rule("§5.Offer")
def test_digital_rule_discards_the_oldest_offer_when_nothing_bought():
    state = new(2, 0, discard_oldest=True)
    oldest = state.offer_row[0]
    state.apply("pass")
    assert oldest in state.offer_discard and oldest not in state.offer_row and len(state.offer_row) == 7
    set_hand(state, 1, [start(state, 1, "a"), start(state, 1, "t")])
    spell(state, "at")
    state.apply("ink:buy")
    second = state.offer_row[0]
    state.apply("end")
    assert state.offer_row[0] == second  # something was bought: the row stays
    plain = new(2, 0)
    first = plain.offer_row[0]
    plain.apply("pass")
    assert plain.offer_row[0] == first


@pytest.mark.rule("§6", "R19")
def test_the_last_seat_reaching_sixty_ends_the_game_at_once():
    """Equal turns: when the seat right of the first player reaches 60, the round is already
    complete, so the game ends after that turn with no one playing again."""
    state = new(3, 0)
    state.apply("pass")
    state.apply("pass")
    assert state.turn == 2
    set_hand(state, 2, [start(state, 2, "a"), start(state, 2, "t")])
    state.prestige[2] = 59
    prest = state.content.prestige_ids[0]  # the B: 1 prestige
    take(state, prest)
    state.hand[2].append(prest)
    spell(state, "bat")
    assert state.prestige[2] == 60
    state.apply("end")
    assert state.is_terminal() and state.winners() == [2]


@pytest.mark.rule("§4.3", "R17")
def test_a_long_word_skips_the_shorter_awards_and_they_are_discarded():
    """"Take it and remove all lower-numbered awards": a nine-letter word takes the
    9-letter award; the 7 and the 8 leave the game unclaimed (ruling R17)."""
    state = new(2, 0, awards=True)
    hand = []
    for ch in "clarinets":
        hand.append(card_id(state, ch, exclude=tuple(hand)))
    set_hand(state, 0, hand)
    state.apply("spell:clarinets")
    state.apply("accept")
    assert state.award[0] == 7 and state.award_len[0] == 9
    assert state.awards_left == (10, 11, 12)
    assert sorted(a.length for a in state.content.awards if a.length not in state.awards_left) == [7, 8, 9]
