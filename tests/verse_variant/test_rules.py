"""Tests per rule section of Verse & Variant (set-up, bouts, windows, claims, scoring, end)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.checks import snapshot
from inkhorn.core.errors import ContentError, IllegalAction, OptionError
from inkhorn.games.verse_variant import rules
from inkhorn.games.verse_variant.content import CARD_NAMES, NUM_WITNESSES
from inkhorn.games.verse_variant.scoring import (
    critical_sets,
    final_breakdown,
    final_totals,
    ladder,
    majority_table,
    place_awards,
)
from inkhorn.games.verse_variant.state import put
from tests.verse_variant.helpers import (
    GAME,
    card,
    conservation,
    give,
    hand_only,
    ledger,
    new,
    set_ledger,
    set_track,
    to_desk,
    to_window,
)

BLUE, GREEN, YELLOW, RED, BLACK = range(5)


# ---- Set-up (rulebook "Setup" 1-8) ----
@pytest.mark.rule("Setup.3", "Setup.5", "Setup.6", "R48")
@pytest.mark.parametrize("players,cards,grants,cubes,per_track", [(3, 20, 5, 5, 31), (4, 15, 4, 4, 42), (5, 12, 3, 4, 52)])
def test_setup_deal_grants_cubes_and_tracks(players, cards, grants, cubes, per_track):
    s = new(players, 3)
    assert [len(h) for h in s.hands] == [cards] * players
    assert s.grants == (grants,) * players and s.cubes == (cubes,) * players
    assert all(sum(t) == per_track and len(t) == 21 for t in s.tracks)
    assert s.lockdown == (1,) * players and s.slots == (-1,) * 15
    conservation(s)


@pytest.mark.rule("Setup.4")
def test_setup_stacks_alternate_from_the_highest_space():
    assert new(3).tracks[0][-2:] == [2, 1]
    assert new(5).tracks[0][-2:] == [3, 2]


@pytest.mark.rule("Setup.2")
def test_setup_one_tool_per_rank_and_the_rest_set_aside_unseen():
    s = new(4, 9)
    tools = [c for c in s.deck_cards if c >= 45]
    assert sorted((c - 45) // 5 for c in tools) == list(range(15))
    assert len(s.set_aside) == 60
    text = json.dumps(s.observation(0))
    hidden = [CARD_NAMES[c] for c in s.set_aside]
    assert not any(f'"{name}"' in text for name in hidden)


def test_setup_is_reproducible_from_the_seed():
    assert snapshot(new(4, 5)) == snapshot(new(4, 5))
    assert snapshot(new(4, 5)) != snapshot(new(4, 6))


# ---- 4.3 Spotlight ----
@pytest.mark.rule("§4.3")
def test_spotlight_unique_highest_next_unique_or_off():
    s = new()
    assert s.spotlight() == -1  # all tied at set-up
    set_track(s, BLUE, [2] * 15)
    assert s.spotlight() == BLUE
    set_track(s, GREEN, [2] * 15)
    set_track(s, RED, [2] * 18)
    assert s.spotlight() == RED  # blue and green tie; next unique value is red's


@pytest.mark.rule("§4.3", "R47")
def test_spotlight_goes_down_shared_values_to_the_highest_held_by_one_colour():
    s = new()
    for colour, spaces in ((BLUE, 15), (GREEN, 15), (RED, 18), (YELLOW, 18), (BLACK, 20)):
        set_track(s, colour, [2] * spaces)
    # demand 6 (blue, green) and 3 (red, yellow) are shared: black's 1 is the highest unique
    assert [s.demand(c) for c in range(5)] == [6, 6, 3, 3, 1]
    assert s.spotlight() == BLACK



@pytest.mark.rule("§4.3", "R47")
@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=5, max_size=5), st.booleans(), st.integers(0, 31))
def test_natural_spotlight_is_the_open_colour_whose_demand_no_other_shares(lengths, old_guard, excluded):
    s = new()
    for colour, spaces in enumerate(lengths):
        set_track(s, colour, [2] * spaces)
    s.old_guard, s.excluded = int(old_guard), excluded
    open_colours = [c for c in range(5) if not excluded >> c & 1]
    alone = [c for c in open_colours if [lengths[d] for d in open_colours].count(lengths[c]) == 1]
    # the highest demand: the fewest witnesses placed, the most under Old Guard
    expected = (max if old_guard else min)(alone, key=lambda c: lengths[c]) if alone else -1
    assert s.natural_spotlight() == expected

# ---- 4.1 / 4.3 Playing and ranking ----
@pytest.mark.rule("§4.1")
def test_must_follow_lead_colour_if_able_and_tools_not_allowed():
    s = new()
    hand_only(s, 0, "B5", "B6")
    hand_only(s, 1, "B7", "G1", "T-9e")
    s.apply("play:B5")
    s.apply("echo:B6")
    assert [a for a in s.legal_actions() if a.startswith("play:")] == ["play:B7"]


@pytest.mark.rule("§4.1")
def test_tools_free_option_allows_a_tool_while_holding_the_lead():
    s = GAME.new_game(4, 1, {"tool_follow": "tools_free"})
    hand_only(s, 0, "B5", "B6")
    hand_only(s, 1, "B7", "G1", "T-9e")
    s.apply("play:B5")
    s.apply("echo:B6")
    assert [a for a in s.legal_actions() if a.startswith("play:")] == ["play:B7", "play:T-9e"]


@pytest.mark.rule("§4.1")
def test_without_the_lead_colour_anything_may_be_played():
    s = new()
    hand_only(s, 0, "B5", "B6")
    hand_only(s, 1, "G1", "T-9e")
    s.apply("play:B5")
    s.apply("echo:B6")
    assert {"play:G1", "play:T-9e"} <= set(s.legal_actions())


def _bout(s, plays):
    """Each seat plays its primary then an echo (first legal)."""
    for seat, name in plays:
        assert s.decision().seat == seat
        s.apply("play:" + name)
        while s.decision().kind != "turn" and s.phase == "play":
            s.apply(s.legal_actions()[0])


@pytest.mark.rule("§4.3")
def test_tools_trump_witnesses_and_spotlight_wins_ties():
    s = new()
    set_track(s, RED, [2] * 15)  # Spotlight red
    for seat, names in enumerate((["B9", "K1"], ["R9", "K2"], ["T-1a", "K3"], ["G9", "K4"])):
        hand_only(s, seat, *names)
    _bout(s, [(0, "B9"), (1, "R9"), (2, "T-1a"), (3, "G9")])
    while s.phase != "window":
        s.apply(s.legal_actions()[0])
    assert s.finish[0] == 2  # the Tool
    assert s.finish[1] == 1  # red 9 (Spotlight) beats blue 9 (Lead) on the tie
    assert s.finish[2] == 0 and s.finish[3] == 3  # other colours never outrank the Lead


@pytest.mark.rule("§4.3")
def test_spotlight_and_lead_the_same_colour_rank_as_one_colour_without_ties():
    """"If the Spotlight and Lead colors are the same, simply treat it as the normal Lead
    color ... a tie cannot occur (only one card per rank in that color)"."""
    s = new()
    set_track(s, RED, [2] * 15)  # Spotlight red
    assert s.spotlight() == RED
    for seat, names in enumerate((["R5", "K1"], ["B9", "K2"], ["R9", "K3"], ["R3", "K4"])):
        hand_only(s, seat, *names)
    _bout(s, [(0, "R5"), (1, "B9"), (2, "R9"), (3, "R3")])  # red leads; scholar 1 cannot follow
    while s.phase != "window":
        s.apply(s.legal_actions()[0])
    assert s.lead == RED
    assert s.finish == (2, 0, 3, 1)  # red by rank; the blue 9 never outranks a red card


@pytest.mark.rule("§4.4")
def test_eureka_adds_two_and_goes_to_the_highest_loser():
    s = new()
    for seat, names in enumerate((["B5", "K1"], ["B6", "K2"], ["B7", "K3"], ["B1", "K4"])):
        hand_only(s, seat, *names)
    s.eureka[0] = 1
    s.apply("eureka")
    _bout(s, [(0, "B5"), (1, "B6"), (2, "B7"), (3, "B1")])
    while s.phase != "window":
        s.apply(s.legal_actions()[0])
    assert s.finish[:2] == (0, 2)  # 5+2 ties 7, the earlier card wins
    assert s.eureka == [0, 0, 1, 0] and s.winner == 0


@pytest.mark.rule("§4.1")
def test_echo_is_hidden_from_everyone_else_until_revealed():
    s = new()
    hand_only(s, 0, "B5", "G9")
    s.apply("play:B5")
    assert s.decision().sealed
    s.apply("echo:G9")
    for seat in (1, 2, 3, None):
        assert "G9" not in json.dumps(s.observation(seat))
    assert s.observation(0)["bout"]["my_echo"] == "G9"


@pytest.mark.rule("§4.1", "§4.8")
def test_four_player_orphan_bout_has_no_echo():
    s = new(4, 2)
    bouts = 0
    while s.session == 1 and not s.is_terminal():
        step = s.decision()
        if step.kind == "turn" and step.seat == s.order[0] and s.turn == 0:
            bouts += 1
            if all(len(h) == 1 for h in s.hands):
                s.apply([a for a in s.legal_actions() if a.startswith("play:")][0])
                assert s.decision().kind != "echo"
                break
        s.apply("pass" if "pass" in s.legal_actions() else s.legal_actions()[0])
    assert bouts == 8


# ---- 4.6 Preservation Window and claims ----
@pytest.mark.rule("§4.6")
def test_window_lockdown_once_per_session_closes_the_window():
    s = new()
    w = to_window(s)
    desk = list(s.desk)
    s.apply("lockdown")
    assert s.lockdown[w] == 0 and all(c in s.desk for c in desk)
    w2 = to_window(s)
    if w2 == w:
        assert "lockdown" not in s.legal_actions()


@pytest.mark.rule("§4.6")
def test_all_pass_leaves_the_desk_for_the_next_bout():
    s = new()
    to_window(s)
    desk = list(s.desk)
    for _ in range(4):
        s.apply("pass")
    assert all(c in s.desk for c in desk) and s.phase == "play"


@pytest.mark.rule("§4.6")
def test_claim_tokenises_features_lacuna_and_corruption():
    s = new()
    w = to_window(s)
    for c in list(s.desk):
        s.desk.remove(c)
        s.discard.append(c)
    to_desk(s, "B9", "B7", "B6")
    set_ledger(s, w, [1, 0, 0, 0, 0, 0])
    blue = sum(s.tracks[BLUE])
    grants = s.grants[w]
    s.apply("take")
    assert s.grants[w] == grants - 1
    # 1 + 3 + 2 blue - 2 for the corruption; 1 Lacuna from the supply
    assert ledger(s, w)[BLUE] == 4 and ledger(s, w)[5] == 1
    assert sum(s.tracks[BLUE]) == blue - 5
    assert not s.desk and card("B9") in s.discard
    conservation(s)


@pytest.mark.rule("§4.6")
def test_lacuna_exchange_trades_a_hand_card_for_a_haul_tool():
    s = new()
    w = to_window(s)
    to_desk(s, "T-9e")
    set_ledger(s, w, [0, 0, 0, 0, 0, 2])
    s.apply("take")
    assert s.decision().kind == "exchange"
    given = s.hands[w][0]
    s.apply("give:" + CARD_NAMES[given])
    s.apply("take:T-9e")
    assert card("T-9e") in s.hands[w] and given not in s.hands[w]
    conservation(s)


@pytest.mark.rule("§5.1", "§5.2")
def test_institution_grant_pays_two_to_the_track_and_takes_the_perk():
    s = new()
    set_track(s, BLUE, [2] * 15)
    set_ledger(s, 0, [2, 0, 0, 0, 0, 0])
    rules.spend_grant(s, 0)
    saved = s.stack
    s.stack = [rules.Ask(0, "grant", 0, ("normal",))]
    s.apply("grant:blue")
    s.stack = saved
    assert s.slots[0] == 0 and ledger(s, 0)[BLUE] == 0 and len(s.tracks[BLUE]) == 17
    assert s.spent[0] == 0 and s.cubes[0] == 3  # first slot refreshes a Grant
    conservation(s)


@pytest.mark.rule("§5.3")
def test_edition_laureate_goes_to_the_fifteenth_cube():
    s = new(5)
    for i in range(14):
        s.slots = put(s.slots, i, i % 5)
        s.cubes = put(s.cubes, i % 5, s.cubes[i % 5] - 1)
    rules.spend_grant(s, 4)
    rules.place_cube(s, 4, 14)
    assert s.laureate == 4 and s.spent[4] == 0
    assert final_breakdown(s, 4)["laureate"] == 4


@pytest.mark.rule("§5.3", "§7.3")
def test_edition_laureate_stays_unclaimed_when_the_fifteenth_slot_is_unfilled():
    """Final Scoring: "If, for any reason, the fifteenth Institutional slot was not filled,
    the token remains unclaimed and no one receives its bonus"."""
    s = new(5)
    for i in range(14):
        s.slots = put(s.slots, i, i % 5)
        s.cubes = put(s.cubes, i % 5, s.cubes[i % 5] - 1)
    spent = s.spent[:]
    s.stack = []
    s.phase = "final"
    rules.advance(s)
    assert s.phase == "over" and s.laureate == -1 and s.spent == spent
    assert all(final_breakdown(s, x)["laureate"] == 0 for x in range(5))


# ---- 4.7 Majority Scoring ----
@pytest.mark.rule("§4.7", "§6.4", "R7")
@pytest.mark.parametrize(
    "lead, blue, red",
    [
        (RED, [7, 4, 1, 0], [5, 3, 0, 0]),
        # Spotlight and Lead one colour: it scores once, as Spotlight (not 7+5, 4+3), and no
        # other colour takes the Lead awards
        (BLUE, [7, 4, 1, 0], [2, 0, 0, 0]),
    ],
)
def test_majority_spotlight_lead_and_other_awards(lead, blue, red):
    s = new()
    set_track(s, BLUE, [2] * 15)  # Spotlight blue
    s.last_lead = lead
    set_ledger(s, 0, [3, 0, 0, 2, 1, 0])
    set_ledger(s, 1, [2, 0, 0, 1, 0, 0])
    set_ledger(s, 2, [1, 0, 0, 0, 0, 0])
    t = majority_table(s)
    assert [t[x][BLUE] for x in range(4)] == blue
    assert [t[x][RED] for x in range(4)] == red
    assert [t[x][BLACK] for x in range(4)] == [2, 0, 0, 0]


@pytest.mark.rule("§4.7", "§6.4")
def test_majority_ties_full_or_split():
    assert place_awards([2, 2, 1, 0], (7, 4, 1), "full") == [7, 7, 1, 0]
    assert place_awards([2, 2, 1, 0], (7, 4, 1), "split") == [5, 5, 1, 0]


# ---- 7 Final Scoring ----
@pytest.mark.rule("§7.1")
def test_feature_ladder_table():
    assert [ladder(k) for k in range(12)] == [0, 1, 2, 4, 7, 12, 18, 25, 33, 42, 52, 66]
    assert ladder(14) == 66


@pytest.mark.rule("§7.2")
@pytest.mark.rule("R46")
def test_critical_sets_best_grouping():
    assert critical_sets([1, 1, 1, 1, 1]) == 22
    assert critical_sets([2, 2, 2, 2, 1]) == 38
    assert critical_sets([1, 1, 1, 0, 0]) == 10
    assert critical_sets([3, 3, 0, 0, 0]) == 0
    # ruling R46: the grouping worth the most Prestige, not the most sets (two sets of three
    # from these six tokens would be worth 20)
    assert critical_sets([2, 1, 1, 1, 1]) == 22


def _groupings(counts: tuple[int, ...]) -> int:
    """The most the sets can score, by trying every grouping: each set of k different
    Features taken from the k largest piles (any other choice does no better)."""
    nonzero = sorted((c for c in counts if c), reverse=True)
    best = 0
    for k, value in ((5, 22), (4, 16), (3, 10)):
        if len(nonzero) >= k:
            best = max(best, value + _groupings(tuple(c - (i < k) for i, c in enumerate(nonzero))))
    return best


@pytest.mark.rule("§7.2")
@pytest.mark.rule("R46")
@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=5, max_size=5))
def test_critical_sets_are_the_best_of_every_grouping(counts):
    assert critical_sets(counts) == _groupings(tuple(counts))


@pytest.mark.rule("§7.3")
def test_resource_bonuses():
    s = new()
    s.eureka[0] = 1
    rules.place_cube(s, 0, 0)
    b = final_breakdown(s, 0)
    assert b["grants"] == 8 and b["eureka"] == 1 and b["slots"] == 5 and b["cubes"] == -6


@pytest.mark.rule("§7.1", "§7.2", "§7.3", "§4.7", "T-5c")
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 400), feint=st.integers(-1, 4),
       options=st.sampled_from([{}, {"slot_stars": "placed", "majority_ties": "split"}]))
@settings(max_examples=40, deadline=None)
def test_one_pass_scoring_for_every_seat_is_the_per_seat_scoring(seed, moves, feint, options):
    """What the heuristic asks at every leaf (every seat's Final Scoring in one pass, Majority
    Scoring from holdings read once) is what the scoring of each seat gives."""
    import random

    s = GAME.new_game(None, seed, options)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    if feint >= 0:
        s.feints = (feint % s.num_players,) * (1 + feint // 2)
    before = snapshot(s)
    held = [s.holdings(x) for x in range(s.num_players)]
    assert final_totals(s) == final_totals(s, held) == [final_breakdown(s, x)["total"] for x in range(s.num_players)]
    assert majority_table(s, held) == majority_table(s)
    assert snapshot(s) == before and held == [s.holdings(x) for x in range(s.num_players)]


@pytest.mark.rule("§5.1")
def test_slot_stars_placed_option_scores_at_once():
    s = GAME.new_game(4, 1, {"slot_stars": "placed"})
    rules.place_cube(s, 0, 0)
    assert s.prestige[0] == 5 and final_breakdown(s, 0)["slots"] == 0


@pytest.mark.rule("§7.4")
def test_tie_breakers_grants_then_lacuna():
    s = new()
    set_ledger(s, 1, [0, 0, 0, 0, 0, 1])
    s.grants = put(s.grants, 0, s.grants[0] - 1)
    s.spent = put(s.spent, 0, s.spent[0] + 1)
    assert s.tiebreak(1) > s.tiebreak(2) > s.tiebreak(0)


@pytest.mark.rule("§7.4")
def test_shared_victory_when_everything_ties():
    s = new()
    s.stack = []
    s.prestige = [10, 10, 10, 10]
    assert s.winners() == [0, 1, 2, 3]


# ---- 6 End of Session and game end ----
@pytest.mark.rule("§6.1")
def test_desk_witnesses_become_tokens_that_carry_over():
    s = new()
    to_desk(s, "G9", "B6")
    s.phase = "session_end"
    s.stack = []
    rules.ph_session_end(s)
    assert s.desk_tok[GREEN] == 3 and s.desk_cor[BLUE] == 1 and not s.desk


@pytest.mark.rule("§6.3")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_game_lasts_as_many_sessions_as_scholars(players):
    """"a number of Collation Sessions equal to the number of scholars (e.g., four Sessions in
    a four-player game)", the last one's Majority Scoring included."""
    s = new(players, 4)
    sessions_seen = {s.session}
    while not s.is_terminal():
        s.apply("pass" if "pass" in s.legal_actions() else s.legal_actions()[-1])
        sessions_seen.add(s.session)
    assert s.sessions_done == players and s.phase == "over"
    assert len(sessions_seen) == players  # every Session was played, none skipped


@pytest.mark.rule("§6.3")
def test_single_grant_survivor_ends_the_game():
    s = new(3, 4)
    for x in (1, 2):
        s.spent = put(s.spent, x, s.spent[x] + s.grants[x])
        s.grants = put(s.grants, x, 0)
    s.stack = []
    s.phase = "majority"
    rules.advance(s)
    assert s.phase == "over" and s.sessions_done == 1


@pytest.mark.rule("§6.3", "R27")
@pytest.mark.parametrize("code", ["T-3e", "T-7c", "T-4b"])
def test_a_tool_that_could_refresh_a_grant_keeps_the_session_going(code):
    """Grant Exhaustion waits while a Tool that could refresh a Grant is in play: Critical
    Apparatus and Grant Writer can, through a slot's Grant perk."""
    s = new(4, 4)
    to_window(s)
    for x in range(4):
        s.spent = put(s.spent, x, s.spent[x] + s.grants[x])
        s.grants = put(s.grants, x, 0)
    for group in (*s.hands, *s.tableau, s.desk):
        for c in list(group):
            if c in rules.REFRESH_TOOLS:
                group.remove(c)
                s.discard.append(c)
    give(s, 1, code)
    assert card(code) in rules.REFRESH_TOOLS
    while s.decision() and s.decision().kind == "window":
        s.apply("pass")
    assert not s.game_end


@pytest.mark.rule("§6.3")
def test_grant_exhaustion_ends_the_session_and_the_game():
    s = new(4, 4)
    to_window(s)
    for x in range(4):
        s.spent = put(s.spent, x, s.spent[x] + s.grants[x])
        s.grants = put(s.grants, x, 0)
    for group in (*s.hands, *s.tableau, s.desk):
        for c in list(group):
            if c in rules.REFRESH_TOOLS:
                group.remove(c)
                s.discard.append(c)
    while s.decision() and s.decision().kind == "window":
        s.apply("pass")
    while not s.is_terminal() and s.phase == "majority":
        s.apply(s.legal_actions()[0])
    assert s.game_end == 1 and s.is_terminal()


@pytest.mark.rule("§4.8", "§6.5")
def test_next_session_quill_moves_clockwise_and_lockdowns_reset():
    s = new(4, 4)
    s.stack = []
    s.quill = 2
    s.lockdown = (0, 0, 1, 1)
    s.phase = "majority"
    rules.advance(s)
    assert s.session == 2 and s.lockdown == (1, 1, 1, 1)
    assert s.observation(None)["quill"] == 3


# ---- errors, options, persistence ----
def test_unknown_option_and_bad_values_are_rejected():
    with pytest.raises(OptionError):
        GAME.new_game(4, 1, {"nope": 1})
    with pytest.raises(OptionError):
        GAME.new_game(4, 1, {"slot_stars": "sometimes"})
    with pytest.raises(OptionError):
        GAME.new_game(2, 1)


def test_illegal_and_malformed_actions_leave_the_state_untouched():
    s = new()
    before = snapshot(s)
    for bad in ("play:Z9", "play:", "take", "", "echo:B1"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert snapshot(s) == before


def test_bad_content_folder_is_reported(tmp_path):
    (tmp_path / "tools.json").write_text('{"tools": [{"id": "T-1a"}]}')
    with pytest.raises(ContentError) as err:
        GAME.new_game(4, 1, {"content": str(tmp_path)})
    assert "tools.json" in str(err.value)


@pytest.mark.rule("§8.1")
def test_edited_witness_content_is_used(tmp_path):
    data = json.loads((__import__("importlib").resources.files("inkhorn.games.verse_variant") / "content" / "witnesses.json").read_text())
    data["witnesses"][8]["icons"] = ["P", "P", "P", "P"]
    (tmp_path / "witnesses.json").write_text(json.dumps(data))
    s = GAME.new_game(4, 1, {"content": str(tmp_path)})
    assert s.content.yields[8][0] == 4


def test_json_round_trip_mid_tool_choice():
    s = new()
    give(s, 0, "T-5a")
    from tests.verse_variant.helpers import run_tool

    run_tool(s, 0, "T-5a")
    back = GAME.state_from_json(json.loads(json.dumps(s.to_json())))
    assert back.legal_actions() == s.legal_actions()


def test_render_shows_the_table():
    from rich.console import Console

    s = new()
    console = Console(record=True, width=160)
    console.print(GAME.render(s, 0))
    text = console.export_text()
    assert "Reading Desk" in text and "Demand tracks" in text


def test_greedy_beats_random_small_sample():
    from inkhorn.match import play_match

    wins = 0.0
    games = 16
    for g in range(games):
        agents = ["random"] * 4
        agents[g % 4] = "greedy"
        r = play_match("verse_variant", agents, seed=900 + g)
        if g % 4 in r.winners:
            wins += 1 / len(r.winners)
    assert wins / games > 0.4  # random alone would win about a quarter


@pytest.mark.rule("§7.4")
def test_tie_breakers_features_then_spotlight_features():
    s = new()
    set_ledger(s, 1, [1, 1, 0, 0, 0, 0])
    set_ledger(s, 2, [1, 0, 0, 0, 0, 0])
    set_ledger(s, 3, [0, 1, 0, 0, 0, 0])
    s.final = (BLUE,)
    assert s.tiebreak(1) > s.tiebreak(2) > s.tiebreak(3) and s.tiebreak(3) > s.tiebreak(0)


# ---- 4.2 / 4.5 Tool timing, reveal and the Desk ----
@pytest.mark.rule("§4.5")
def test_reveal_moves_echoes_to_desk_and_delayed_primary_tool_to_tableau():
    s = new()
    for seat, names in enumerate((["B5", "K1"], ["T-8d", "K2"], ["B7", "K3"], ["B1", "K4"])):
        hand_only(s, seat, *names)
    _bout(s, [(0, "B5"), (1, "T-8d"), (2, "B7"), (3, "B1")])
    while s.phase != "window":
        s.apply(s.legal_actions()[0])
    assert card("T-8d") in s.tableau[1]
    assert all(card(n) in s.desk for n in ("B5", "B7", "B1", "K1", "K2", "K3", "K4"))


@pytest.mark.rule("§4.2")
def test_instant_tool_resolves_when_played_as_primary():
    s = new()
    hand_only(s, 0, "T-2c", "B1")
    s.apply("play:T-2c")
    assert [ledger(s, x)[5] for x in range(4)] == [1, 1, 1, 1]


@pytest.mark.rule("§4.2")
def test_tool_played_as_echo_never_triggers():
    s = new()
    hand_only(s, 0, "B1", "T-2c")
    s.apply("play:B1")
    s.apply("echo:T-2c")
    assert [ledger(s, x)[5] for x in range(4)] == [0, 0, 0, 0]


@pytest.mark.rule("§6.2")
def test_session_end_discards_unused_tableau_tools():
    s = new(4, 4)
    s.tableau[2].append(card("T-8d"))
    s.stack = []
    s.phase = "session_end"
    rules.advance(s)
    assert s.tableau == [[], [], [], []] and s.session == 2


@pytest.mark.rule("§4.3")
def test_spotlight_off_leaves_only_the_lead_colour():
    s = new()
    assert s.spotlight() == -1
    for seat, names in enumerate((["G5", "K1"], ["B9", "K2"], ["G7", "K3"], ["R9", "K4"])):
        hand_only(s, seat, *names)
    _bout(s, [(0, "G5"), (1, "B9"), (2, "G7"), (3, "R9")])
    while s.phase != "window":
        s.apply(s.legal_actions()[0])
    assert s.finish[:2] == (2, 0)


def _claim_outcome(s, seat):
    """What a claim leaves that the Desk's order could change: every token's place."""
    return (ledger(s, seat), list(s.supply), [list(t) for t in s.tracks], list(s.prestige), list(s.desk_tok))


@pytest.mark.rule("§4.6")
@pytest.mark.parametrize("order", [("B6", "B9"), ("B9", "B6")])
def test_tokenising_a_haul_takes_every_gain_before_any_corruption(order):
    """§4.6 step 4: "for each Feature or Lacuna ... take a token", then "for each Corruption,
    discard two": B6 (a Corruption, no Feature) and B9 (three Features) leave one token
    whichever lies first on the Desk."""
    s = new(4)
    w = to_window(s)
    for c in list(s.desk):
        s.desk.remove(c)
        s.discard.append(c)
    to_desk(s, *order)
    set_ledger(s, w, [0, 0, 0, 0, 0, 0])
    colour = s.content.yields[card("B6")][6]
    s.apply("take")
    assert ledger(s, w)[colour] == 1
    conservation(s)


@pytest.mark.rule("§4.6")
@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 40),
    colour=st.integers(0, 4),
    picks=st.lists(st.integers(0, 8), min_size=2, max_size=6, unique=True),
    extra=st.lists(st.integers(0, NUM_WITNESSES - 1), max_size=2, unique=True),
    carried=st.lists(st.integers(0, 4), max_size=2),
    start=st.lists(st.integers(0, 3), min_size=6, max_size=6),
    shuffle=st.randoms(use_true_random=False),
)
@pytest.mark.rule("§4.6")
def test_a_claim_gives_the_same_tokens_for_every_order_of_the_same_desk(
    seed, colour, picks, extra, carried, start, shuffle
):
    """Mostly Witnesses of one colour, whose Features and Corruptions meet in one Ledger row."""
    picks = sorted({colour * 9 + p for p in picks} | set(extra))
    s = new(4, seed)
    w = to_window(s)
    for c in list(s.desk):
        s.desk.remove(c)
        s.discard.append(c)
    names = [CARD_NAMES[c] for c in picks]
    to_desk(s, *names)
    set_ledger(s, w, start)
    for colour in carried:
        s.desk_cor = put(s.desk_cor, colour, s.desk_cor[colour] + 1)
    other = s.clone()
    reordered = list(other.desk)
    shuffle.shuffle(reordered)
    other.desk = reordered
    s.apply("take")
    other.apply("take")
    assert _claim_outcome(s, w) == _claim_outcome(other, w)


@pytest.mark.rule("T-11e", "R43")
@pytest.mark.parametrize("reading", ["next_bout", "this_bout", None])
def test_publication_embargo_joins_the_desk_at_the_start_of_the_next_bout(reading):
    """T-11e: "At the start of the next bout, remove Publication Embargo from the board and
    place it on the Reading Desk": not part of this bout's Desk (the default); the option
    ``embargo_card=this_bout`` keeps the card with this bout's cards."""
    s = new(4, 1, **({} if reading is None else {"embargo_card": reading}))
    embargo = card("T-11e")
    first = s.current_seat()
    hand_only(s, first, "T-11e", "B1")
    s.apply("play:T-11e")
    while s.decision() is not None and s.decision().kind != "window" and s.phase != "window":
        if s.current_seat() == first and "play:B1" in s.legal_actions():
            s.apply("play:B1")
        else:
            s.apply(s.legal_actions()[0])
    assert s.embargo >= 0 or embargo in s.desk  # the bout is over, its cards moved
    if reading == "this_bout":
        assert embargo in s.desk
        return
    assert embargo not in s.desk and embargo in s.tableau[first]
    while s.phase != "bout_start" and s.decision() is not None:
        s.apply("pass" if "pass" in s.legal_actions() else s.legal_actions()[0])
        if s.phase in ("play", "rank"):
            break
    assert embargo in s.desk and all(embargo not in t for t in s.tableau)
    conservation(s)


@pytest.mark.parametrize("field, value", [("quill_claim", 10**9), ("quill_claim", 2**70), ("lead", 10**9),
                                          ("lead", -3), ("embargo", 5), ("spot_next", 9), ("spot_lock", -2)])
def test_a_corrupt_save_with_a_seat_or_colour_out_of_range_is_refused(field, value):
    from inkhorn.core.errors import InkhornError

    data = json.loads(json.dumps(GAME.new_game(4, 1).to_json()))
    data["state"][field] = value
    with pytest.raises(InkhornError, match=field):
        GAME.state_from_json(data)
