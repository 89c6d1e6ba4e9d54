"""The terminal view draws both pages square by square; observations hide only the draw order."""

from __future__ import annotations

from rich.console import Console

from tests.manuscript.helpers import GAME, copy_text, new


def rendered(state, seat):
    console = Console(width=160, record=True, color_system=None)
    console.print(GAME.render(state, seat))
    return console.export_text()


def test_view_draws_title_points_and_blank_squares():
    state = new()
    copy_text(state, 0, "lanval", ["page:1", "single", "at:r1:c1"], [4])
    copy_text(state, 0, "guy-of-warwick", ["page:2", "single", "at:r1:c1"], [2])
    text = rendered(state, 0)
    panel = text[text.index("Scribe 0 (you)"):].splitlines()
    row1 = next(line for line in panel if line.lstrip("│ ").startswith("1 L"))
    assert "LANVALTH" in row1.replace(" ", "")  # the title line of Lanval
    row3 = next(line for line in panel if line.lstrip("│ ").startswith("3 ▓"))
    assert "▓▓▓▓▓▓ 2" in row3  # its last square holds its points
    assert "░░" in text  # Guy of Warwick is under way: its reserved squares show faintly
    assert text.count("┼") >= 2 * state.num_players  # quadrant mid-lines on every page
    assert "Scribe 0 (you)" in text and "Shop" in text and "Exemplars" in text


def test_action_labels_read_well():
    state = new()
    state.stack = state.stack[:]
    labels = [state.action_label(a) for a in state.legal_actions()]
    assert any(label.startswith("Purchase ") and "cube" in label for label in labels)


def test_observation_hides_only_the_order_of_the_draw_pile():
    state = new(3, seed=4)
    other = state.clone()
    other.deck.reverse()
    assert other.deck != state.deck
    for seat in (None, 0, 1, 2):
        assert state.observation(seat) == other.observation(seat)
    obs = state.observation(0)
    assert obs["draw_pile"] == len(state.deck) and "deck" not in obs
    assert obs["discard"] == [] and len(obs["shop"]) == 10
