"""Exact JSON round-trip for typed game state.

Game state is plain dataclasses holding ints, strings, lists, tuples, dicts, sets, enums and
other dataclasses. One codec per game knows the classes it may meet (a closed list: a JSON
file cannot name arbitrary Python classes) and writes them with a ``"$t"`` tag, so that
``decode(encode(x))`` rebuilds ``x`` exactly: tuples stay tuples, int keys stay ints.

Fields whose metadata has ``transient=True`` (loaded content, caches) are not written; the
owner restores them after decoding.

Decoding trusts nothing: a saved file may be corrupt or hostile. Every object is rebuilt
with exactly its declared fields: an unknown field is refused, and so is a missing one unless
the class gives it a default (a field added since the file was saved takes its default).
Every field's value is checked against its type annotation (strict pydantic: ``True`` is not
an int, a list is not a tuple). Anything wrong is a :class:`CodecError` naming the field; no other
exception comes out of :meth:`Codec.decode`.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from inkhorn.core.errors import InkhornError, clip
from inkhorn.core.rng import StateRng

TRANSIENT = {"transient": True}


def transient_field(**kwargs: Any) -> Any:
    """A dataclass field that is not serialised (content, caches); restored by its owner."""
    return dataclasses.field(metadata=TRANSIENT, **kwargs)


class CodecError(InkhornError):
    pass


# The widest whole number a saved state may hold (grid masks run to a few hundred bits); a
# larger one is corruption, and would break printing it (Python's 4,300-digit limit).
MAX_INT_BITS = 1024

_STRICT = ConfigDict(strict=True, arbitrary_types_allowed=True)


def _field_checks(cls: type) -> dict[str, Callable[[Any], None]]:
    """A strict validator per annotated field of dataclass ``cls`` (annotations that cannot
    be resolved at run time, e.g. names imported only for type checkers, are not checked)."""
    checks: dict[str, Callable[[Any], None]] = {}
    names = {f.name for f in dataclasses.fields(cls) if not f.metadata.get("transient")}
    for klass in reversed(cls.__mro__):
        namespace = vars(sys.modules[klass.__module__]) if klass.__module__ in sys.modules else {}
        for name, hint in vars(klass).get("__annotations__", {}).items():
            if name not in names:
                continue
            try:
                if isinstance(hint, str):
                    hint = eval(hint, dict(namespace))  # annotations of our own modules
                if isinstance(hint, type) and (issubclass(hint, BaseModel) or dataclasses.is_dataclass(hint)):
                    checks[name] = _instance_check(hint)
                else:
                    checks[name] = TypeAdapter(hint, config=_STRICT).validate_python
            except Exception:  # an annotation only a type checker can read: not checked
                checks.pop(name, None)
    return checks


def _instance_check(cls: type) -> Callable[[Any], None]:
    def check(value: Any) -> None:
        if not isinstance(value, cls):
            raise CodecError(f"expected a {cls.__name__}, not {type(value).__name__}")

    return check


def _problem(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = "".join(f"[{p}]" for p in first["loc"])
        return f"{where} {first['msg']}".strip()
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc) or type(exc).__name__


class Codec:
    def __init__(self, classes: Iterable[type]):
        self._by_name: dict[str, type] = {}
        self._fields: dict[type, tuple[str, ...]] = {}
        self._defaults: dict[type, dict[str, Any]] = {}
        self._checks: dict[type, dict[str, Callable[[Any], None]]] = {}
        for cls in classes:
            self.register(cls)

    def register(self, cls: type) -> None:
        name = cls.__qualname__
        known = self._by_name.get(name)
        if known is not None and known is not cls:
            raise CodecError(f"two classes share the name {name!r}")
        self._by_name[name] = cls
        if dataclasses.is_dataclass(cls):
            saved = [f for f in dataclasses.fields(cls) if not f.metadata.get("transient")]
            self._fields[cls] = tuple(f.name for f in saved)
            self._defaults[cls] = {f.name: f.default for f in saved if f.default is not dataclasses.MISSING}

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
        """Rebuild a value from its JSON form, checked field by field (see the module doc)."""
        try:
            return self._decode(data)
        except CodecError:
            raise
        except (ValidationError, RecursionError, LookupError, TypeError, ValueError, AttributeError) as exc:
            raise CodecError(f"malformed saved state: {_problem(exc)}") from None

    def _decode(self, data: Any) -> Any:
        if type(data) is int and data.bit_length() > MAX_INT_BITS:
            raise CodecError(f"a {data.bit_length()}-bit number: larger than any part of a game")
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        if isinstance(data, list):
            return [self._decode(v) for v in data]
        if not isinstance(data, dict):
            raise CodecError(f"unexpected JSON value of type {type(data).__name__}")
        if "$tuple" in data:
            return tuple(self._decode(v) for v in self._items(data, "$tuple"))
        if "$map" in data:
            return {self._key(k): self._decode(v) for k, v in self._items(data, "$map")}
        if "$set" in data:
            return {self._key(v) for v in self._items(data, "$set")}
        if "$frozenset" in data:
            return frozenset(self._key(v) for v in self._items(data, "$frozenset"))
        if "$rng" in data:
            raw = self._items(data, "$rng")
            if len(raw) != 2 or not all(type(x) is int and x >= 0 for x in raw):
                raise CodecError("a random source is [seed, counter], two whole numbers from 0")
            return StateRng.from_json(raw)
        if "$enum" in data:
            cls = self._class(data["$enum"])
            if not (isinstance(cls, type) and issubclass(cls, enum.Enum)) or data.get("name") not in cls.__members__:
                raise CodecError(f"no member {data.get('name')!r} in {cls.__qualname__}")
            return cls[data["name"]]
        if "$t" in data:
            cls = self._class(data["$t"])
            if "$model" in data:
                if not (isinstance(cls, type) and issubclass(cls, BaseModel)):
                    raise CodecError(f"{cls.__qualname__} is not a model")
                return cls.model_validate(data["$model"])
            if cls not in self._fields:
                raise CodecError(f"{cls.__qualname__} is not a saved object")
            fields = self._fields[cls]
            unknown = sorted(set(data) - {"$t", *fields})
            if unknown:
                raise CodecError(f"{cls.__qualname__} has no field {unknown[0]!r}")
            checks = self._checks.get(cls)
            if checks is None:
                checks = self._checks[cls] = _field_checks(cls)
            obj = cls.__new__(cls)
            defaults = self._defaults[cls]
            for name in fields:
                if name not in data:
                    if name not in defaults:
                        raise CodecError(f"{cls.__qualname__} is missing field {name!r}")
                    object.__setattr__(obj, name, defaults[name])
                    continue
                try:
                    value = self._decode(data[name])
                    check = checks.get(name)
                    if check is not None:
                        check(value)
                except CodecError as exc:
                    raise CodecError(f"{cls.__qualname__}.{name}: {exc}") from None
                except (ValidationError, LookupError, TypeError, ValueError, AttributeError) as exc:
                    raise CodecError(f"{cls.__qualname__}.{name}: {_problem(exc)}") from None
                object.__setattr__(obj, name, value)
            return obj
        return {k: self._decode(v) for k, v in data.items()}

    @staticmethod
    def _items(data: dict[str, Any], tag: str) -> list[Any]:
        items = data[tag]
        if not isinstance(items, list) or len(data) != 1:
            raise CodecError(f"{tag} holds a list and nothing beside it")
        return items

    def _key(self, raw: Any) -> Any:
        value = self._decode(raw)
        value = tuple(value) if isinstance(value, list) else value
        hash(value)  # a dict or set as a key: TypeError, reported as a malformed state
        return value

    def _class(self, name: Any) -> Any:
        cls = self._by_name.get(name) if isinstance(name, str) else None
        if cls is None:
            raise CodecError(f"unknown type {clip(name)} in saved state")
        return cls
