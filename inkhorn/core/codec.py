"""Exact JSON round-trip for typed game state.

Game state is plain dataclasses holding ints, strings, lists, tuples, dicts, sets, enums and
other dataclasses. One codec per game knows the classes it may meet (a closed list: a JSON
file cannot name arbitrary Python classes) and writes them with a ``"$t"`` tag, so that
``decode(encode(x))`` rebuilds ``x`` exactly: tuples stay tuples, int keys stay ints.

Fields whose metadata has ``transient=True`` (loaded content, caches) are not written; the
owner restores them after decoding.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from inkhorn.core.errors import InkhornError
from inkhorn.core.rng import StateRng

TRANSIENT = {"transient": True}


def transient_field(**kwargs: Any) -> Any:
    """A dataclass field that is not serialised (content, caches); restored by its owner."""
    return dataclasses.field(metadata=TRANSIENT, **kwargs)


class CodecError(InkhornError):
    pass


class Codec:
    def __init__(self, classes: Iterable[type]):
        self._by_name: dict[str, type] = {}
        self._fields: dict[type, tuple[str, ...]] = {}
        for cls in classes:
            self.register(cls)

    def register(self, cls: type) -> None:
        name = cls.__qualname__
        known = self._by_name.get(name)
        if known is not None and known is not cls:
            raise CodecError(f"two classes share the name {name!r}")
        self._by_name[name] = cls
        if dataclasses.is_dataclass(cls):
            self._fields[cls] = tuple(
                f.name for f in dataclasses.fields(cls) if not f.metadata.get("transient")
            )

    # ---- encoding -------------------------------------------------------------------
    def encode(self, value: Any) -> Any:
        if value is None or isinstance(value, (bool, int, float, str)):
            if isinstance(value, enum.Enum):
                return self._encode_enum(value)
            return value
        if isinstance(value, list):
            return [self.encode(v) for v in value]
        if isinstance(value, tuple):
            return {"$tuple": [self.encode(v) for v in value]}
        if isinstance(value, dict):
            if all(type(k) is str for k in value):
                if any(k.startswith("$") for k in value):
                    return {"$map": [[k, self.encode(v)] for k, v in value.items()]}
                return {k: self.encode(v) for k, v in value.items()}
            return {"$map": [[self.encode(k), self.encode(v)] for k, v in value.items()]}
        if isinstance(value, (set, frozenset)):
            tag = "$frozenset" if isinstance(value, frozenset) else "$set"
            return {tag: sorted((self.encode(v) for v in value), key=repr)}
        if isinstance(value, enum.Enum):
            return self._encode_enum(value)
        if isinstance(value, StateRng):
            return {"$rng": value.to_json()}
        cls = type(value)
        if cls not in self._fields and not isinstance(value, BaseModel):
            raise CodecError(f"cannot encode {cls.__qualname__}: not registered with this codec")
        if self._by_name.get(cls.__qualname__) is not cls:
            raise CodecError(f"cannot encode {cls.__qualname__}: not registered with this codec")
        if isinstance(value, BaseModel):
            return {"$t": cls.__qualname__, "$model": value.model_dump(mode="json")}
        out: dict[str, Any] = {"$t": cls.__qualname__}
        for name in self._fields[cls]:
            out[name] = self.encode(getattr(value, name))
        return out

    def _encode_enum(self, value: enum.Enum) -> dict[str, Any]:
        cls = type(value)
        if self._by_name.get(cls.__qualname__) is not cls:
            raise CodecError(f"cannot encode enum {cls.__qualname__}: not registered")
        return {"$enum": cls.__qualname__, "name": value.name}

    # ---- decoding -------------------------------------------------------------------
    def decode(self, data: Any) -> Any:
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        if isinstance(data, list):
            return [self.decode(v) for v in data]
        if not isinstance(data, dict):
            raise CodecError(f"unexpected JSON value {data!r}")
        if "$tuple" in data:
            return tuple(self.decode(v) for v in data["$tuple"])
        if "$map" in data:
            return {self._key(k): self.decode(v) for k, v in data["$map"]}
        if "$set" in data:
            return {self._key(v) for v in data["$set"]}
        if "$frozenset" in data:
            return frozenset(self._key(v) for v in data["$frozenset"])
        if "$rng" in data:
            return StateRng.from_json(data["$rng"])
        if "$enum" in data:
            return self._class(data["$enum"])[data["name"]]
        if "$t" in data:
            cls = self._class(data["$t"])
            if "$model" in data:
                return cls.model_validate(data["$model"])  # type: ignore[attr-defined]
            obj = cls.__new__(cls)
            for name in self._fields[cls]:
                if name not in data:
                    raise CodecError(f"{cls.__qualname__} is missing field {name!r}")
                object.__setattr__(obj, name, self.decode(data[name]))
            return obj
        return {k: self.decode(v) for k, v in data.items()}

    def _key(self, raw: Any) -> Any:
        value = self.decode(raw)
        return tuple(value) if isinstance(value, list) else value

    def _class(self, name: str) -> Any:
        try:
            return self._by_name[name]
        except KeyError:
            raise CodecError(f"unknown type {name!r} in saved state") from None
