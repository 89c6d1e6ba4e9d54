from importlib import resources

import pytest
from pydantic import BaseModel, ConfigDict, Field

from inkhorn.core.content import entries, read_json, validate, validate_each
from inkhorn.core.errors import ContentError


class Tile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    points: int = Field(ge=0)


class Box(BaseModel):
    tiles: list[Tile]


def test_read_json_parses_a_file(tmp_path):
    path = tmp_path / "tiles.json"
    path.write_text('{"tiles": [{"id": "a", "points": 1}]}')
    assert read_json(path) == {"tiles": [{"id": "a", "points": 1}]}


def test_read_json_reads_packaged_files():
    path = resources.files("inkhorn.games.verse_variant").joinpath("content", "tools.json")
    assert "tools" in read_json(path, "tools.json")


def test_malformed_json_names_the_file(tmp_path):
    path = tmp_path / "tiles.json"
    path.write_text("{not json")
    with pytest.raises(ContentError, match="not valid JSON") as err:
        read_json(path)
    assert err.value.source == str(path)


def test_missing_file_names_the_file(tmp_path):
    with pytest.raises(ContentError, match="file not found") as err:
        read_json(tmp_path / "nowhere.json")
    assert err.value.source.endswith("nowhere.json")


def test_unreadable_file_is_a_content_error(tmp_path):
    with pytest.raises(ContentError, match="cannot be read"):
        read_json(tmp_path)  # a folder, not a file


def test_the_caller_may_name_the_source(tmp_path):
    with pytest.raises(ContentError) as err:
        read_json(tmp_path / "tiles.json", "content/tiles.json")
    assert str(err.value) == "content/tiles.json: file not found"


def test_validation_error_names_file_and_field():
    with pytest.raises(ContentError) as err:
        validate(Box, {"tiles": [{"id": "a", "points": -1}]}, "box.json")
    assert err.value.source == "box.json"
    assert err.value.problem.startswith("tiles.0.points: ")
    assert "greater than or equal to 0" in err.value.problem


def test_validation_error_names_the_entry():
    with pytest.raises(ContentError) as err:
        validate(Tile, {"id": "a", "points": "many"}, "tiles.json", "tile a")
    assert str(err.value).startswith("tiles.json: tile a: points: ")


def test_validation_error_at_the_top_level():
    with pytest.raises(ContentError, match=r"^box\.json: top level: "):
        validate(Box, [], "box.json")


def test_every_problem_is_told():
    with pytest.raises(ContentError) as err:
        validate(Tile, {"id": 3, "points": -1}, "tiles.json")
    assert str(err.value).startswith("tiles.json: 2 problems: id: ")
    assert "; points: " in str(err.value)


def test_every_failing_entry_of_a_list_is_told_and_a_long_list_is_cut():
    with pytest.raises(ContentError) as err:
        validate_each(Tile, [{"id": "a", "points": -1}, {"id": "b", "points": 1}, {"points": 2}], "tiles.json", "tile")
    text = str(err.value)
    assert text.startswith("tiles.json: 2 problems: tile a: points: ") and "; tile #2: id: " in text
    with pytest.raises(ContentError) as err:
        validate_each(Tile, [{"id": str(n), "points": -1} for n in range(50)], "tiles.json", "tile")
    assert "50 problems" in str(err.value) and str(err.value).endswith("; and 30 more")


def test_validate_each_names_entries_by_id_or_position():
    ok = validate_each(Tile, [{"id": "a", "points": 1}], "tiles.json", "tile")
    assert ok == [Tile(id="a", points=1)]
    with pytest.raises(ContentError) as err:
        validate_each(Tile, [{"id": "a", "points": 1}, {"id": "b", "points": -2}], "tiles.json", "tile")
    assert str(err.value).startswith("tiles.json: tile b: points: ")
    with pytest.raises(ContentError) as err:
        validate_each(Tile, [{"points": 1}], "tiles.json", "tile")
    assert str(err.value).startswith("tiles.json: tile #0: id: ")
    with pytest.raises(ContentError, match="expected a JSON list"):
        validate_each(Tile, {"id": "a"}, "tiles.json")


def test_entries_takes_the_list_under_a_key():
    assert entries({"tiles": [1]}, "tiles", "box.json") == [1]
    for bad in ([], {"tiles": {}}, {"other": []}):
        with pytest.raises(ContentError, match="expected an object with a list 'tiles'"):
            entries(bad, "tiles", "box.json")
