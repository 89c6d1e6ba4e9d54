"""The clause -> test tables in docs/traceability/ stay true (issue: clause traceability)."""

import pytest

from tests import traceability


@pytest.mark.parametrize("game", traceability.GAMES)
def test_every_rule_marker_names_a_clause_of_its_rulebook(game):
    _, unknown = traceability.coverage(game)
    assert not unknown, "markers naming no clause of the rulebook or rulings:\n" + "\n".join(unknown)


@pytest.mark.parametrize("game", traceability.GAMES)
def test_traceability_table_is_up_to_date(game):
    path = traceability.out_path(game)
    assert path.exists() and path.read_text() == traceability.table(game), (
        f"{path.name} is out of date: run python -m tests.traceability"
    )


def test_markers_are_read_from_decorators_and_pytestmark(tmp_path, monkeypatch):
    game_dir = tmp_path / "tests" / "demo"
    game_dir.mkdir(parents=True)
    (game_dir / "test_x.py").write_text(
        "import pytest\n"
        "pytestmark = pytest.mark.rule('§1')\n"
        "@pytest.mark.rule('§4.6', 'R2')\n"
        "def test_a():\n    pass\n"
        "def test_b():\n    pass\n"
        "def helper():\n    pass\n"
    )
    monkeypatch.setattr(traceability, "TESTS", tmp_path / "tests")
    assert traceability.markers("demo") == {"test_x.py::test_a": ["§1", "§4.6", "R2"], "test_x.py::test_b": ["§1"]}
