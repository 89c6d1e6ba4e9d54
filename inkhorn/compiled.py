"""Compiled modules and their source: which one Python imports.

``setup.py`` compiles the modules every decision runs through; Python then imports the
compiled file in place of the ``.py`` beside it. In a source checkout that would make an edit
take no effect until the next install, so there a module edited since it was compiled is
imported from its source. An installed package is never edited, and gets no finder.
"""

from __future__ import annotations

import sys
from importlib.machinery import ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path
from typing import Any


class EditedSourceFinder:
    """Asked before Python's own finders, for inkhorn's modules only."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if not name.startswith("inkhorn.") or path is None:
            return None
        spec = PathFinder.find_spec(name, path)
        if spec is not None and isinstance(spec.loader, ExtensionFileLoader) and spec.origin:
            source = edited_source(Path(spec.origin))
            if source is not None:
                return spec_from_file_location(name, source)
        return spec

    @staticmethod
    def invalidate_caches() -> None:
        PathFinder.invalidate_caches()


def edited_source(compiled: Path) -> Path | None:
    """The ``.py`` of a compiled module when it was changed after the module was built."""
    source = compiled.with_name(compiled.name.partition(".")[0] + ".py")
    try:
        return source if source.stat().st_mtime > compiled.stat().st_mtime else None
    except OSError:
        return None


# a source checkout: the project's pyproject.toml beside the package
if (Path(__file__).parent.parent / "pyproject.toml").is_file() and EditedSourceFinder not in sys.meta_path:
    sys.meta_path.insert(0, EditedSourceFinder)
