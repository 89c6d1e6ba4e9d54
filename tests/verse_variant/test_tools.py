"""One test per Tool (T-1a … T-15e): build a position, use the Tool, check its effect."""

import pytest

from inkhorn.core.checks import check_no_leaks
from inkhorn.games.verse_variant import rules
from inkhorn.games.verse_variant.content import CARD_NAMES
from inkhorn.games.verse_variant.scoring import final_breakdown, majority_table
from inkhorn.games.verse_variant.state import put
from inkhorn.games.verse_variant.steps import Ask
from tests.verse_variant.helpers import (
    card,
    conservation,
    finish,
    give,
    hand_only,
    ledger,
    new,
    pending,
    run_ask,
    run_tool,
    run_trigger,
    set_ledger,
    set_track,
    to_desk,
    to_tableau,
    to_window,
)

BLUE, GREEN, YELLOW, RED, BLACK = range(5)


def pos(players=4, seed=1):
    return new(players, seed)


# ---- Tier 1 ----
@pytest.mark.rule("T-1a")
def test_t1a_palimpsest_scraper_swaps_a_token_for_a_desk_witness():
    s = pos()
    set_ledger(s, 0, [1, 0, 0, 0, 0, 0])
    to_desk(s, "G9")
    before = sum(s.tracks[GREEN])
    run_tool(s, 0, "T-1a")
    finish(s, "tok:blue", "card:G9")
    assert ledger(s, 0) == [0, 3, 0, 0, 0, 0]
    assert s.desk_tok[BLUE] == 1 and card("G9") in s.discard and card("G9") not in s.desk
    assert sum(s.tracks[GREEN]) == before - 3
    conservation(s)


@pytest.mark.rule("T-1b")
def test_t1b_ink_eraser_removes_one_corruption_card():
    s = pos()
    to_desk(s, "B6", "G2")
    run_tool(s, 0, "T-1b")
    finish(s, "card:B6")
    assert card("B6") in s.discard and card("G2") in s.desk
    conservation(s)


@pytest.mark.rule("T-1c")
def test_t1c_synoptic_chart_sealed_picks_move_demand():
    s = pos()
    for c in range(5):
        set_track(s, c, [2] * 18)
    for seat, name in enumerate(("B1", "B2", "B3", "B4")):
        give(s, seat, name)
    run_tool(s, 0, "T-1c")
    assert s.stack[-1].sealed
    s.stack.pop().resolve(s, "show:blue")
    other = s.observation(1)
    assert other["my_pick"] == -1 and other["picks_made"][0] is True and "blue" not in repr(other["picks_made"])
    finish(s, "show:blue", "show:blue", "show:blue")
    assert sum(s.tracks[BLUE]) == 35  # shown: one token leaves the track
    assert len(s.tracks[GREEN]) == 19  # not shown: one token comes back
    assert s.picks == (-1,) * 4
    conservation(s)


@pytest.mark.rule("T-1d")
def test_t1d_parchment_sizer_turns_two_lacuna_into_features():
    s = pos()
    set_ledger(s, 0, [0, 0, 0, 0, 0, 2])
    run_tool(s, 0, "T-1d")
    finish(s, "colour:red", "colour:red")
    assert ledger(s, 0) == [0, 0, 0, 2, 0, 0]
    assert sum(s.tracks[RED]) == 40
    conservation(s)


@pytest.mark.rule("T-1e")
def test_t1e_quill_sharpener_frees_the_follow_obligation():
    s = pos()
    hand_only(s, 0, "B5", "B6")
    hand_only(s, 1, "B7", "G1", "G3")
    to_tableau(s, 1, "T-1e")
    s.apply("play:B5")
    s.apply("echo:B6")
    assert "play:G1" not in s.legal_actions() and "use:T-1e" in s.legal_actions()
    s.apply("use:T-1e")
    assert "play:G1" in s.legal_actions()
    assert card("T-1e") in s.desk


# ---- Tier 2 ----
@pytest.mark.rule("T-2a")
def test_t2a_fragment_facsimile_copies_a_held_feature():
    s = pos()
    set_ledger(s, 0, [0, 0, 1, 0, 0, 0])
    run_tool(s, 0, "T-2a")
    assert pending(s) == ["colour:yellow"]
    finish(s, "colour:yellow")
    assert ledger(s, 0)[YELLOW] == 2 and sum(s.tracks[YELLOW]) == 41
    conservation(s)


@pytest.mark.rule("T-2b")
def test_t2b_scribal_index_moves_a_top_stack_to_another_track():
    s = pos()
    set_track(s, RED, [2] * 10)
    set_track(s, BLUE, [2] * 10)
    run_tool(s, 0, "T-2b")
    finish(s, "from:red", "to:blue")
    assert len(s.tracks[RED]) == 9 and len(s.tracks[BLUE]) == 11
    conservation(s)


@pytest.mark.rule("T-2c")
def test_t2c_catalog_concordance_gives_everyone_a_lacuna():
    s = pos()
    run_tool(s, 2, "T-2c")
    finish(s)
    assert [ledger(s, x)[5] for x in range(4)] == [1, 1, 1, 1]
    conservation(s)


@pytest.mark.rule("T-2d")
def test_t2d_gloss_collector_fills_a_slot_for_one_token():
    s = pos()
    to_tableau(s, 0, "T-2d")
    set_ledger(s, 0, [1, 0, 0, 0, 0, 0])
    run_trigger(s, 0, "T-2d")
    finish(s, "grant:blue")
    assert s.slots[0] == 0 and ledger(s, 0)[BLUE] == 0 and card("T-2d") in s.desk
    conservation(s)


@pytest.mark.rule("T-2d")
@pytest.mark.rule("T-7b")
def test_t2d_is_offered_only_while_a_slot_can_still_be_paid():
    """Both trigger after a claim; Reserve Shelf resolves first and may shelve the one token
    Gloss Collector would pay, which then can only be kept (the game never waits on a
    decision with no choice)."""
    s = pos()
    to_tableau(s, 0, "T-2d")
    to_tableau(s, 0, "T-7b")
    set_ledger(s, 0, [1, 0, 0, 0, 0, 0])
    run_ask(s, rules.trigger(s, 0, "T-2d"))
    s.stack.append(rules.trigger(s, 0, "T-7b"))
    for action in ("use:T-7b", "tok:blue"):
        step = s.stack.pop()
        step.resolve(s, action)
    assert pending(s) == ["keep"]
    finish(s, "keep")
    assert ledger(s, 0)[BLUE] == 0 and s.vault[BLUE] == 1
    assert card("T-2d") in s.tableau[0] and s.slots[0] == -1
    conservation(s)


@pytest.mark.rule("T-2e")
def test_t2e_major_reference_adds_a_token_at_majority():
    s = pos()
    run_ask(s, Ask(0, "T-2e"))
    finish(s, "colour:green")
    assert majority_table(s)[0][GREEN] > 0 and majority_table(s)[1][GREEN] == 0


# ---- Tier 3 ----
@pytest.mark.rule("T-3a")
def test_t3a_desalination_bath_removes_up_to_two_corruptions():
    s = pos()
    to_desk(s, "B6", "G6", "Y6")
    run_tool(s, 0, "T-3a")
    finish(s, "card:B6", "card:G6")
    assert card("Y6") in s.desk and card("B6") in s.discard and card("G6") in s.discard
    conservation(s)


@pytest.mark.rule("T-3b")
def test_t3b_scriptorium_survey_moves_spotlight_stack_to_least_demand():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    for c in (YELLOW, RED, BLACK):
        set_track(s, c, [2] * 20)
    assert s.spotlight() == BLUE
    run_tool(s, 0, "T-3b")
    finish(s)
    assert len(s.tracks[BLUE]) == 14 and sum(s.tracks[GREEN]) == 44
    conservation(s)


@pytest.mark.rule("T-3c")
def test_t3c_variant_matrix_doubles_a_witness_on_claim():
    s = pos()
    w = to_window(s)
    for c in [c for c in s.desk if c < 45 and s.content.yields[c][6] >= 0]:
        s.desk.remove(c)
        s.discard.append(c)
    to_desk(s, "G9")
    to_tableau(s, w, "T-3c")
    greens = sum(s.content.yields[c][GREEN] for c in s.desk if c < 45)
    s.apply("take")
    s.apply("use:T-3c")
    s.apply("card:G9")
    while s.phase == "claim" and s.decision() and s.decision().seat == w and s.decision().kind != "grant":
        s.apply(s.legal_actions()[0])
    assert ledger(s, w)[GREEN] == greens + 3
    conservation(s)


@pytest.mark.rule("T-3d")
def test_t3d_glossators_note_turns_gained_lacuna_into_features():
    s = pos()
    to_tableau(s, 0, "T-3d")
    s.apply("use:T-3d")
    assert s.glossator & 1
    s.gain_lacuna(0)
    s.apply("colour:red")
    assert ledger(s, 0)[RED] == 1 and ledger(s, 0)[5] == 0
    conservation(s)


@pytest.mark.rule("T-3d")
def test_t3d_glossators_note_stays_on_after_its_card_is_claimed_and_names_no_hidden_card():
    s = pos()
    to_tableau(s, 0, "T-3d")
    s.apply("use:T-3d")
    note = card("T-3d")
    s.desk.remove(note)  # the Desk is claimed: the spent Note goes into another scholar's hand
    s.hands[1].append(note)
    s.gain_lacuna(0)
    check_no_leaks(s)
    s.apply("colour:red")
    assert ledger(s, 0)[RED] == 1 and ledger(s, 0)[5] == 0
    conservation(s)


@pytest.mark.rule("T-3e")
def test_t3e_critical_apparatus_moves_a_cube_and_takes_the_perk():
    s = pos()
    rules.place_cube(s, 0, 1)  # blue slot 2
    rules.spend_grant(s, 0)
    run_tool(s, 0, "T-3e")
    finish(s, "from:blue:2", "slot:green:1")
    assert s.slots[1] == -1 and s.slots[3] == 0 and s.spent[0] == 0
    conservation(s)


# ---- Tier 4 ----
@pytest.mark.rule("T-4a")
def test_t4a_double_take_crew_claims_for_three_features():
    s = pos()
    w = to_window(s)
    to_tableau(s, w, "T-4a")
    set_ledger(s, w, [3, 0, 0, 0, 0, 0])
    grants = s.grants[w]
    s.apply("take:crew")
    s.apply("tok:blue")
    s.apply("tok:blue")
    s.apply("tok:blue")
    assert s.grants[w] == grants and s.claimer == w and ledger(s, w)[BLUE] >= 0
    assert card("T-4a") not in s.tableau[w]
    conservation(s)


@pytest.mark.rule("T-4b")
def test_t4b_spare_porter_team_takes_back_a_cube_and_refreshes():
    s = pos()
    rules.place_cube(s, 0, 0)
    rules.spend_grant(s, 0)
    spent = s.spent[0]
    run_tool(s, 0, "T-4b")
    finish(s, "slot:blue:1")
    assert s.slots[0] == -1 and s.cubes[0] == 4 and s.spent[0] == spent - 1
    conservation(s)


@pytest.mark.rule("T-4c")
def test_t4c_old_guard_reverses_spotlight():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    set_track(s, GREEN, [2] * 18)
    assert s.spotlight() == BLUE
    run_tool(s, 0, "T-4c")
    finish(s)
    assert s.spotlight() == GREEN


@pytest.mark.rule("T-4d")
def test_t4d_gate_seal_passes_as_a_lockdown():
    s = pos()
    w = to_window(s)
    to_tableau(s, w, "T-4d")
    desk = list(s.desk)
    s.apply("seal")
    assert s.lockdown[w] == 1 and s.phase not in ("window", "claim")
    assert all(c in s.desk for c in desk)


@pytest.mark.rule("T-4e")
def test_t4e_express_scribe_takes_the_quill_after_the_window():
    s = pos()
    run_tool(s, 3, "T-4e")
    finish(s)
    s.winner = 1
    s.phase = "after_window"
    rules.ph_after_window(s)
    assert s.quill == 3


# ---- Tier 5 ----
@pytest.mark.rule("T-5a")
def test_t5a_illumination_stylus_swaps_top_stacks():
    s = pos()
    set_track(s, BLUE, [2] * 20 + [3])
    run_tool(s, 0, "T-5a")
    top_blue, top_green = f"from:blue:{len(s.tracks[BLUE])}", f"with:green:{len(s.tracks[GREEN])}"
    finish(s, top_blue, top_green)
    assert s.tracks[BLUE][-1] == 2 and s.tracks[GREEN][-1] == 3
    conservation(s)


@pytest.mark.rule("T-5a")
def test_t5a_illumination_stylus_swaps_any_two_stacks_of_different_tracks():
    """"Swap any two stacks of Feature Tokens from different tracks", not only the top ones."""
    s = pos()
    set_track(s, BLUE, [4] + [2] * 20)
    set_track(s, GREEN, [1] * 3 + [2] * 18)
    run_tool(s, 0, "T-5a")
    assert "from:blue:1" in pending(s)
    s.apply("from:blue:1")
    assert not any(a.startswith("with:blue") for a in pending(s))
    finish(s, "with:green:2")
    assert s.tracks[BLUE][0] == 1 and s.tracks[GREEN][1] == 4
    assert s.tracks[BLUE][-1] == 2 and s.tracks[GREEN][-1] == 2  # the tops stay
    conservation(s)


@pytest.mark.rule("T-5b")
def test_t5b_quire_tuck_lacuna_to_desk_and_a_feature():
    s = pos()
    run_tool(s, 0, "T-5b")
    finish(s, "colour:black")
    assert s.desk_tok[5] == 1 and ledger(s, 0)[BLACK] == 1
    conservation(s)


@pytest.mark.rule("T-5c")
def test_t5c_footnote_feint_counts_at_that_sessions_majority_and_at_final_scoring_only():
    """"it counts as 1 Feature token of your choice during that Session's Majority Scoring and
    Final Scoring": no token is taken, a later Session does not count it, Final Scoring does."""
    s = pos()
    set_ledger(s, 1, [1, 0, 0, 0, 0, 0])
    supply, tracks = s.supply[:], [t[:] for t in s.tracks]
    run_ask(s, Ask(0, "T-5c"))
    finish(s, "colour:blue")
    assert ledger(s, 0) == [0] * 6 and s.supply == supply and s.tracks == tracks  # not a token
    table = majority_table(s)
    assert table[0][BLUE] == table[1][BLUE] > 0  # tied with scholar 1's one Blue at this Scoring
    rules.ph_majority(s)  # that Session's Majority Scoring; the next Session begins
    assert s.phase == "session_start" and majority_table(s)[0][BLUE] == 0  # later Sessions: nothing
    assert s.feints == (0,)
    # the table sees it waiting for Final Scoring, in the terminal and on the page, without
    # the card's name: another Footnote Feint may still be hidden in a hand or the deck
    summary = s.game.picture(s, 1).seats[0].summary
    scene = str(s.game.scene(s.observation(1), 1, s.options).to_json())
    assert "Feint played 1" in summary and "Feint played" in scene
    assert "Footnote Feint" not in summary and "Footnote Feint" not in scene
    conservation(s)


def ladders_and_sets(s, seat):
    part = final_breakdown(s, seat)
    return part["ladders"] + part["sets"]


@pytest.mark.rule("T-5c")
def test_t5c_footnote_feint_at_final_scoring_is_the_feature_worth_most_to_its_owner():
    s = pos()
    set_ledger(s, 0, [2, 2, 1, 0, 0, 0])
    set_ledger(s, 1, [2, 2, 1, 0, 0, 0])
    # Blue, Green 2, Yellow 1: ladders 2+2+1, one set of three 10
    assert ladders_and_sets(s, 0) == 15
    s.feints = (0,)
    # best as a second Yellow (2-2-2: ladders 6, two sets of three 20); a third Blue gives 7+10
    assert ladders_and_sets(s, 0) == 26 and ladders_and_sets(s, 1) == 15  # only its owner's
    assert ledger(s, 0) == [2, 2, 1, 0, 0, 0]


def test_t5c_footnote_feint_as_a_lasting_token_is_an_option():
    s = new(4, 1, footnote_feint="lasting")
    tracks = [t[:] for t in s.tracks]
    run_ask(s, Ask(0, "T-5c"))
    finish(s, "colour:red")
    assert ledger(s, 0)[RED] == 1 and s.tracks == tracks and s.feints == ()
    conservation(s)


@pytest.mark.rule("T-5d")
def test_t5d_paleographic_ledger_fetches_a_set_aside_tool():
    s = pos()
    give(s, 0, "T-5d")
    own = card("T-5d")
    s.hands[0].remove(own)
    s.primary = put(s.primary, 0, own)
    set_ledger(s, 0, [0, 0, 0, 0, 0, 1])
    run_tool(s, 0, "T-5d")
    options = pending(s)
    assert options and all(int(a.split("-")[1][:-1]) <= 5 for a in options)
    fetched = options[0].split(":")[1]
    placed = s.hands[0][0]
    finish(s, options[0], "place:" + CARD_NAMES[placed])
    assert card(fetched) in s.hands[0] and placed in s.desk and own in s.set_aside
    assert card(fetched) in s.deck_cards and own not in s.deck_cards and ledger(s, 0)[5] == 0
    conservation(s)


@pytest.mark.rule("T-5e")
def test_t5e_colophon_sigil_adds_a_token_at_majority():
    s = pos()
    run_ask(s, Ask(2, "T-5e"))
    finish(s, "colour:black")
    assert majority_table(s)[2][BLACK] > 0


# ---- Tier 6 ----
@pytest.mark.rule("T-6a")
def test_t6a_quire_consolidator_tokenises_a_desk_witness():
    s = pos()
    to_desk(s, "G7")
    run_tool(s, 0, "T-6a")
    finish(s, "card:G7")
    assert ledger(s, 0) == [0, 2, 0, 0, 0, 1] and card("G7") in s.discard
    conservation(s)


@pytest.mark.rule("T-6b")
def test_t6b_conservation_wash_clears_corruption_now_and_this_bout():
    s = pos()
    to_desk(s, "B6", "G2")
    run_tool(s, 0, "T-6b")
    finish(s)
    assert card("B6") in s.discard and card("G2") in s.desk and s.wash == 1


@pytest.mark.rule("T-6c")
def test_t6c_ink_reclassification_trades_features_with_the_desk():
    s = pos()
    set_ledger(s, 0, [2, 0, 0, 0, 0, 0])
    to_desk(s, "R9")
    run_tool(s, 0, "T-6c")
    finish(s, "give:blue", "card:R9", "done")
    assert ledger(s, 0)[BLUE] == 1 and ledger(s, 0)[RED] == 3 and s.desk_tok[BLUE] == 1
    conservation(s)


@pytest.mark.rule("T-6d")
def test_t6d_archival_priority_swaps_desk_tools_for_lacuna():
    s = pos()
    to_tableau(s, 0, "T-6d")
    to_desk(s, "T-9e")
    run_trigger(s, 0, "T-6d")
    finish(s, "card:T-9e", "done")
    assert card("T-9e") in s.discard and s.desk_tok[5] == 1 and card("T-6d") in s.desk
    conservation(s)


@pytest.mark.rule("T-6e")
def test_t6e_porter_consortium_four_tokens_refresh_a_grant():
    s = pos()
    rules.spend_grant(s, 0)
    set_ledger(s, 0, [4, 0, 0, 0, 0, 0])
    run_tool(s, 1, "T-6e")
    finish(s, "pay:blue")
    assert ledger(s, 0)[BLUE] == 0 and s.spent[0] == 0
    conservation(s)


# ---- Tier 7 ----
@pytest.mark.rule("T-7a")
def test_t7a_codex_collator_spreads_tokens_and_names_spotlight():
    s = pos()
    set_track(s, BLUE, [2] * 18)
    run_tool(s, 0, "T-7a")
    finish(s, "colour:blue")
    assert s.tracks[BLUE][-2:] == [1, 1] and len(s.tracks[BLUE]) == 19 and s.spot_next == BLUE
    conservation(s)


@pytest.mark.rule("T-7b")
def test_t7b_reserve_shelf_protects_tokens():
    s = pos()
    to_tableau(s, 0, "T-7b")
    set_ledger(s, 0, [0, 0, 0, 2, 0, 1])
    run_trigger(s, 0, "T-7b")
    finish(s, "tok:red", "tok:lacuna", "done")
    assert ledger(s, 0) == [0, 0, 0, 1, 0, 0] and s.vault[3] == 1 and s.vault[5] == 1
    rules.corrupt(s, 0, RED)
    assert s.holdings(0)[RED] == 1
    conservation(s)


@pytest.mark.rule("T-7c")
def test_t7c_grant_writer_places_a_free_cube():
    s = pos()
    to_tableau(s, 0, "T-7c")
    set_ledger(s, 0, [0, 0, 0, 0, 0, 2])
    s.apply("use:T-7c")
    s.apply("grant:green")
    s.apply("perk")
    assert s.slots[3] == 0 and s.nostar[3] == 1 and ledger(s, 0)[5] == 0
    assert s.decision().kind == "turn"
    conservation(s)


@pytest.mark.rule("T-7d")
def test_t7d_demand_reset_moves_the_top_token_up():
    s = pos()
    set_track(s, BLUE, [2] * 18)
    run_tool(s, 0, "T-7d")
    finish(s, "colour:blue")
    assert s.tracks[BLUE][-2:] == [1, 1] and ledger(s, 0)[BLUE] == 0
    set_track(s, RED, [2] * 17 + [1])
    run_tool(s, 0, "T-7d")
    finish(s, "colour:red")
    assert len(s.tracks[RED]) == 17 and ledger(s, 0)[RED] == 1
    conservation(s)


@pytest.mark.rule("T-7e")
def test_t7e_copyist_guild_takes_a_haul_tool_into_hand():
    s = pos()
    to_tableau(s, 0, "T-7e")
    give(s, 0, "T-9e")
    s.hands[0].remove(card("T-9e"))
    s.haul = [card("T-9e")]
    run_trigger(s, 0, "T-7e")
    finish(s, "take:T-9e")
    assert card("T-9e") in s.hands[0] and card("T-7e") in s.desk and not s.haul
    conservation(s)


# ---- Tier 8 ----
@pytest.mark.rule("T-8a")
def test_t8a_marginal_gloss_names_next_bouts_spotlight():
    s = pos()
    run_tool(s, 0, "T-8a")
    finish(s, "colour:red")
    assert s.spot_next == RED
    rules.ph_bout_start(s)
    assert s.spotlight() == RED


@pytest.mark.rule("T-8b")
def test_t8b_elevation_stroke_makes_a_witness_rank_ten():
    s = pos()
    hand_only(s, 0, "B1", "B2")
    to_tableau(s, 0, "T-8b")
    s.apply("play:B1")
    s.apply("use:T-8b")
    assert s.elevated[0] & 1
    assert rules.rank_key(s, 0, -1, 0)[1] == 10


@pytest.mark.rule("T-8c")
def test_t8c_ink_authority_allows_a_tool_despite_the_lead():
    s = pos()
    hand_only(s, 0, "B5", "B6")
    hand_only(s, 1, "B7", "G1", "T-9e")
    to_tableau(s, 1, "T-8c")
    s.apply("play:B5")
    s.apply("echo:B6")
    assert "play:T-9e" not in s.legal_actions()
    s.apply("use:T-8c")
    assert "play:T-9e" in s.legal_actions() and "play:G1" not in s.legal_actions()


@pytest.mark.rule("T-8d")
def test_t8d_seize_the_quill_after_the_bout():
    s = pos()
    to_tableau(s, 2, "T-8d")
    run_trigger(s, 2, "T-8d")
    finish(s)
    assert s.quill_claim == 2 and card("T-8d") in s.desk


@pytest.mark.rule("T-8e")
def test_t8e_scribes_momentum_makes_spotlight_the_lead():
    s = pos()
    set_track(s, RED, [2] * 15)
    assert s.spotlight() == RED
    to_tableau(s, 1, "T-8e")
    s.lead, s.lead_seat = BLUE, 0
    run_trigger(s, 1, "T-8e")
    finish(s)
    assert s.lead == RED and s.elevated[0] & 2


@pytest.mark.rule("T-8e", "§4.3", "R22")
def test_t8e_after_the_conversion_a_spotlight_card_gets_no_tie_rule():
    """Once Scribe's Momentum makes the Spotlight colour the Lead, Lead and Spotlight are one
    colour and "no special tie rule applies" (§4.3): the converted lead card and a Spotlight
    card of the same rank tie, and the one played first wins."""
    s = pos()
    set_track(s, RED, [2] * 15)
    spot = s.spotlight()
    assert spot == RED
    s.primary = (card("B7"), card("R7"), *s.primary[2:])
    s.lead, s.lead_seat = RED, 0
    s.elevated[0] |= 2  # the led blue card counts as a red one
    first = rules.rank_key(s, 0, spot, 0)
    second = rules.rank_key(s, 1, spot, 1)
    assert first > second
    s.lead = BLUE  # without the conversion the Spotlight card wins the tie
    s.elevated[0] = 0
    assert rules.rank_key(s, 1, spot, 1) > rules.rank_key(s, 0, spot, 0)


# ---- Tier 9 ----
@pytest.mark.rule("T-9a")
def test_t9a_manuscript_vault_protects_tokens():
    s = pos()
    set_ledger(s, 0, [2, 0, 0, 0, 0, 0])
    run_tool(s, 0, "T-9a")
    finish(s, "tok:blue", "done")
    assert ledger(s, 0)[BLUE] == 1 and s.vault[BLUE] == 1
    conservation(s)


@pytest.mark.rule("T-9b")
def test_t9b_demand_surge_lifts_two_tokens():
    s = pos()
    set_track(s, BLUE, [2] * 17 + [3])
    run_tool(s, 0, "T-9b")
    finish(s, "colour:blue")
    assert s.tracks[BLUE][-3:] == [1, 1, 1] and len(s.tracks[BLUE]) == 20
    set_track(s, GREEN, [2] * 21)
    run_tool(s, 0, "T-9b")
    finish(s, "colour:green")
    assert s.desk_tok[GREEN] == 2 and len(s.tracks[GREEN]) == 20
    conservation(s)


@pytest.mark.rule("T-9c")
def test_t9c_portico_counts_a_lacuna_as_a_feature():
    s = pos()
    set_ledger(s, 0, [0, 0, 0, 0, 0, 1])
    run_ask(s, Ask(0, "T-9c"))
    finish(s, "colour:yellow")
    assert s.maj_mod[YELLOW] == 1 and majority_table(s)[0][YELLOW] > 0


@pytest.mark.rule("T-9d")
def test_t9d_rapid_collation_allows_a_second_grant():
    s = pos()
    to_tableau(s, 0, "T-9d")
    run_trigger(s, 0, "T-9d")
    finish(s)
    assert s.cl_rapid == 1


@pytest.mark.rule("T-9e")
def test_t9e_grand_patronage_refreshes_and_shares_tokens():
    s = pos()
    rules.spend_grant(s, 0)
    run_tool(s, 0, "T-9e")
    finish(s)
    assert s.spent[0] == 0
    assert ledger(s, 1)[:5] == [1, 0, 0, 1, 0] and ledger(s, 2)[:5] == [0, 1, 0, 0, 1] and ledger(s, 3)[:5] == [0, 0, 1, 0, 0]
    conservation(s)


# ---- Tier 10 ----
@pytest.mark.rule("T-10a")
def test_t10a_momentum_accelerator_keeps_the_eureka():
    s = pos()
    s.eureka[0] = 1
    to_tableau(s, 0, "T-10a")
    s.apply("eureka")
    assert s.eureka[0] == 1 and s.boost[0] == 2 and card("T-10a") in s.desk


@pytest.mark.rule("T-10b")
def test_t10b_deferred_impulse_spends_eureka_after_reveal():
    s = pos()
    s.eureka[1] = 1
    to_tableau(s, 1, "T-10b")
    run_trigger(s, 1, "T-10b")
    finish(s)
    assert s.boost[1] == 2 and s.eureka[1] == 0


@pytest.mark.rule("T-10c")
def test_t10c_momentum_forge_buys_a_eureka():
    s = pos()
    set_ledger(s, 0, [1, 0, 0, 0, 0, 0])
    run_tool(s, 0, "T-10c")
    finish(s, "tok:blue")
    assert s.eureka[0] == 1 and ledger(s, 0)[BLUE] == 0
    conservation(s)


@pytest.mark.rule("T-10d")
def test_t10d_momentum_exchange_lets_a_eureka_pay_for_the_desk():
    s = pos()
    run_tool(s, 0, "T-10d")
    finish(s)
    w = to_window(s)
    s.eureka[w] = 1
    assert "take:eureka" in s.legal_actions()
    s.apply("take:eureka")
    assert s.eureka[w] == 0 and s.claimer == w


@pytest.mark.rule("T-10e")
def test_t10e_eureka_archive_turns_runner_up_into_winner():
    s = pos()
    s.finish, s.winner = [1, 0, 2, 3], 1
    to_tableau(s, 0, "T-10e")
    run_trigger(s, 0, "T-10e")
    finish(s)
    assert s.finish[0] == 0 and s.winner == 0
    assert s.eureka == [0, 1, 1, 1]


# ---- Tier 11 ----
@pytest.mark.rule("T-11a")
def test_t11a_statistical_model_pays_second_and_third():
    s = pos()
    set_ledger(s, 0, [3, 0, 0, 0, 0, 0])
    set_ledger(s, 1, [2, 0, 0, 0, 0, 0])
    set_ledger(s, 2, [1, 0, 0, 0, 0, 0])
    run_ask(s, Ask(0, "T-11a"))
    finish(s, "colour:blue")
    t = majority_table(s)
    assert t[1][BLUE] == 6 and t[2][BLUE] == 3


@pytest.mark.rule("T-11b")
def test_t11b_citation_surge_draws_a_feature_per_lacuna():
    s = pos()
    to_tableau(s, 0, "T-11b")
    run_trigger(s, 0, "T-11b")
    finish(s)
    assert s.cl_surge == 1
    run_ask(s, Ask(0, "T-11b", 0, (2,)))
    finish(s, "colour:blue", "colour:red")
    assert ledger(s, 0)[BLUE] == 1 and ledger(s, 0)[RED] == 1
    conservation(s)


@pytest.mark.rule("T-11c")
def test_t11c_lacunose_insight_two_lacuna_as_features():
    s = pos()
    set_ledger(s, 0, [0, 0, 0, 0, 0, 2])
    run_ask(s, Ask(0, "T-11c"))
    finish(s, "colour:blue", "colour:blue")
    assert s.maj_mod[BLUE] == 2


@pytest.mark.rule("T-11d")
def test_t11d_methodological_note_bars_a_colour_from_spotlight():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    set_track(s, GREEN, [2] * 18)
    run_tool(s, 0, "T-11d")
    finish(s, "colour:blue")
    assert s.spotlight() == GREEN


@pytest.mark.rule("T-11e")
def test_t11e_publication_embargo_closes_the_spotlight_institution():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    set_ledger(s, 0, [2, 0, 0, 0, 0, 0])
    run_tool(s, 0, "T-11e")
    finish(s)
    assert s.embargo == BLUE and rules.grant_choices(s, 0) == []
    rules.ph_bout_start(s)
    assert rules.grant_choices(s, 0) == ["grant:blue"]


# ---- Tier 12 ----
@pytest.mark.rule("T-12a")
def test_t12a_preservation_crisis_spends_a_grant_or_a_feature():
    s = pos()
    s.spent = put(s.spent, 1, s.spent[1] + s.grants[1])
    s.grants = put(s.grants, 1, 0)
    set_ledger(s, 1, [0, 1, 0, 0, 0, 0])
    run_tool(s, 0, "T-12a")
    finish(s, "tok:green")
    assert s.grants[0] == 3 and ledger(s, 1)[GREEN] == 0 and s.grants[2] == 3
    conservation(s)


@pytest.mark.rule("T-12b")
def test_t12b_ink_bleed_everyone_loses_a_feature():
    s = pos()
    set_ledger(s, 0, [1, 0, 0, 0, 0, 0])
    set_ledger(s, 2, [0, 2, 0, 0, 0, 0])
    run_tool(s, 0, "T-12b")
    finish(s, "tok:blue", "tok:green")
    assert ledger(s, 0)[BLUE] == 0 and ledger(s, 2)[GREEN] == 1
    conservation(s)


@pytest.mark.rule("T-12c")
def test_t12c_scriptorium_fire_everyone_loses_two():
    s = pos()
    set_ledger(s, 1, [1, 2, 0, 0, 0, 0])
    run_tool(s, 0, "T-12c")
    finish(s, "tok:blue", "tok:green")
    assert ledger(s, 1)[:2] == [0, 1]
    conservation(s)


@pytest.mark.rule("T-12d")
def test_t12d_funding_cut_cubes_back_or_grants_spent():
    s = pos()
    rules.place_cube(s, 0, 0)
    run_tool(s, 0, "T-12d")
    finish(s, "slot:blue:1")
    assert s.slots[0] == -1 and s.cubes[0] == 4 and s.grants[1:] == (3, 3, 3)
    conservation(s)


@pytest.mark.rule("T-12e")
def test_t12e_catalogue_mix_up_draws_from_a_track():
    s = pos()
    run_tool(s, 0, "T-12e")
    finish(s, "colour:red")
    assert ledger(s, 0)[RED] == 1 and sum(s.tracks[RED]) == 41
    conservation(s)


# ---- Tier 13 ----
@pytest.mark.rule("T-13a")
def test_t13a_ink_erosion_returns_a_most_held_token():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    set_ledger(s, 0, [3, 1, 0, 0, 0, 0])
    run_tool(s, 0, "T-13a")
    finish(s)
    assert ledger(s, 0)[:2] == [2, 1] and len(s.tracks[BLUE]) == 16
    conservation(s)


@pytest.mark.rule("T-13b")
def test_t13b_scholar_symposium_passes_tokens_left():
    s = pos()
    set_ledger(s, 0, [1, 0, 0, 0, 0, 0])
    set_ledger(s, 1, [0, 0, 0, 1, 0, 0])
    run_tool(s, 0, "T-13b")
    finish(s, "tok:blue", "tok:red", "tok:red", "tok:red")
    assert ledger(s, 0)[RED] == 1 and ledger(s, 1)[BLUE] == 1 and ledger(s, 0)[BLUE] == 0
    conservation(s)


@pytest.mark.rule("T-13c")
def test_t13c_demand_equaliser_levels_the_tracks():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    run_tool(s, 0, "T-13c")
    finish(s)
    lens = [len(t) for t in s.tracks]
    assert max(lens) - min(lens) <= 1
    conservation(s)


@pytest.mark.rule("T-13d")
def test_t13d_momentary_doubt_clears_eureka_for_the_session():
    s = pos()
    s.eureka = [1, 1, 0, 1]
    run_tool(s, 0, "T-13d")
    finish(s)
    rules.eureka_gain(s, 2)
    assert s.eureka == [0, 0, 0, 0]


@pytest.mark.rule("T-13e")
def test_t13e_session_interruption_ends_the_session():
    s = pos()
    run_tool(s, 0, "T-13e")
    finish(s)
    s.winner = 0
    s.phase = "after_window"
    rules.ph_after_window(s)
    assert s.phase == "session_end"


# ---- Tier 14 ----
@pytest.mark.rule("T-14a")
def test_t14a_spotlight_surge_puts_tokens_on_the_desk():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    run_tool(s, 0, "T-14a")
    finish(s)
    assert s.desk_tok[BLUE] == 4
    conservation(s)


@pytest.mark.rule("T-14b")
def test_t14b_spotlight_audit_returns_one_stack():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    set_ledger(s, 0, [1, 0, 0, 0, 0, 0])
    set_ledger(s, 1, [2, 0, 0, 0, 0, 0])
    run_tool(s, 0, "T-14b")
    finish(s)
    assert s.tracks[BLUE][-1] == 2 and len(s.tracks[BLUE]) == 16 and ledger(s, 1)[BLUE] == 1
    conservation(s)


@pytest.mark.rule("T-14c")
def test_t14c_spotlight_lock_freezes_spotlight():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    run_tool(s, 0, "T-14c")
    finish(s)
    set_track(s, GREEN, [2] * 5)
    assert s.spotlight() == BLUE


@pytest.mark.rule("T-14d")
def test_t14d_spotlight_majority_bonus_pays_per_token():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    set_ledger(s, 1, [3, 0, 0, 0, 0, 0])
    base = majority_table(s)[1][BLUE]
    to_tableau(s, 0, "T-14d")
    assert majority_table(s)[1][BLUE] == base + 3


@pytest.mark.rule("T-14e")
def test_t14e_spotlight_archive_drains_another_track():
    s = pos()
    set_track(s, BLUE, [2] * 15)
    to_tableau(s, 0, "T-14e")
    run_trigger(s, 0, "T-14e")
    finish(s, "colour:green")
    blue = sum(s.tracks[BLUE])
    rules.tokenise(s, 0, card("B9"))
    assert ledger(s, 0)[BLUE] == 3 and sum(s.tracks[BLUE]) == blue and sum(s.tracks[GREEN]) == 39
    conservation(s)


# ---- Tier 15 ----
@pytest.mark.rule("T-15a")
def test_t15a_preservation_windfall_refreshes_everyone():
    s = pos()
    for x in range(4):
        rules.spend_grant(s, x)
    run_tool(s, 0, "T-15a")
    finish(s)
    assert s.spent == (0, 0, 0, 0)


@pytest.mark.rule("T-15b")
def test_t15b_shared_inspiration_eureka_or_two_stars():
    s = pos()
    s.eureka[0] = 1
    run_tool(s, 0, "T-15b")
    finish(s)
    assert s.eureka == [1, 1, 1, 1] and s.prestige[0] == 2


@pytest.mark.rule("T-15c")
def test_t15c_universal_lacuna_plus():
    s = pos()
    run_tool(s, 0, "T-15c")
    finish(s, "colour:blue", "colour:green", "colour:blue", "colour:red")
    assert [ledger(s, x)[5] for x in range(4)] == [2, 2, 2, 2]
    assert ledger(s, 1)[GREEN] == 1 and sum(s.tracks[BLUE]) == 42
    conservation(s)


@pytest.mark.rule("T-15d")
def test_t15d_archive_highlight_gives_the_scarcest_feature():
    s = pos()
    set_ledger(s, 0, [1, 1, 1, 1, 0, 0])
    run_tool(s, 0, "T-15d")
    finish(s, "colour:red", "colour:red", "colour:red")
    assert ledger(s, 0)[BLACK] == 1 and ledger(s, 1)[RED] == 1
    conservation(s)


@pytest.mark.rule("T-15e")
def test_t15e_collaborative_endowment_free_cubes_raise_demand():
    s = pos()
    s.cubes = put(s.cubes, 3, 0)
    s.slots = (*s.slots[:12], 3, 3, 3)
    s.cubes = put(s.cubes, 3, 1)
    rules.spend_grant(s, 3)
    run_tool(s, 0, "T-15e")
    finish(s, "slot:blue:1", "pass", "pass", "pass")
    assert s.slots[0] == 0 and sum(s.tracks[BLUE]) == 40
    conservation(s)
