"""The config schema's sections (physics/schema.py): what the rest of the project relies on.

A validated config crosses processes (the sweep's workers, Dask), is compared after a live
edit, copied with one change (Wallamoppi's iterations) and never changed in place; its values
are checked with pydantic's strict rules (the messages themselves: tests/test_config.py and
tests/bad_inputs).
"""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError

import pytest

from physics.config import PhysicsConfig, SoundSettings, WorldSettings, load_config
from physics.schema import SchemaProblem


def test_a_config_survives_pickle_and_deepcopy_and_compares_equal() -> None:
    config = load_config(None).config
    assert pickle.loads(pickle.dumps(config)) == config
    assert copy.deepcopy(config) == config
    assert PhysicsConfig.model_validate_json(config.model_dump_json()) == config


def test_a_section_cannot_be_changed_in_place_and_a_copy_changes_only_what_it_names() -> None:
    world = load_config(None).config.world
    before = world.model_dump()
    with pytest.raises(FrozenInstanceError):
        world.iterations = 5  # type: ignore[misc]
    fewer = world.model_copy(update={"iterations": 5})
    assert world.model_dump() == before != {**before, "iterations": 5}
    assert fewer.model_dump() == {**before, "iterations": 5}
    assert fewer != world


def test_defaults_fill_what_a_table_leaves_out() -> None:
    assert SoundSettings.model_validate({}) == SoundSettings()
    assert SoundSettings.model_validate({"voices": 2}).voices == 2


@pytest.mark.parametrize(
    ("table", "kind"),
    [
        ({"voices": 2.0}, "type"),  # a whole number only
        ({"voices": True}, "type"),  # a bool is not a number
        ({"volume": True}, "type"),
        ({"enabled": 1}, "type"),  # true or false only
        ({"volume": float("nan")}, "finite_number"),
        ({"volume": 1.5}, "range"),
        ({"volum": 0.5}, "extra_forbidden"),
    ],
)
def test_values_are_checked_strictly(table: dict[str, object], kind: str) -> None:
    with pytest.raises(SchemaProblem) as caught:
        SoundSettings.model_validate(table)
    assert caught.value.kind == kind


def test_an_int_for_a_float_is_kept_as_a_float_and_a_missing_key_is_named() -> None:
    assert SoundSettings.model_validate({"volume": 1}).volume == 1.0
    assert isinstance(SoundSettings.model_validate({"volume": 1}).volume, float)
    with pytest.raises(SchemaProblem) as caught:
        WorldSettings.model_validate({})
    assert (caught.value.key, caught.value.kind) == ("gravity", "missing")
