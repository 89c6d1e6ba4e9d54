"""Compiled modules and their source: which one Python imports.

``setup.py`` compiles the modules every decision runs through; Python then imports the
compiled file in place of the ``.py`` beside it. In a source checkout that would make an edit
take no effect until the next install, so there a module edited since it was compiled is
imported from its source. So is a module whose ``.pxd`` was edited since, or which cimports
(in its ``.pxd``) a module imported from its source: its compiled file would take C types
from the build that no longer match. An installed package is never edited, and gets no
finder.
"""

from __future__ import annotations

import re
import sys
from importlib.machinery import ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parent.parent  # where the package's modules are found by their names
_CIMPORT = re.compile(r"^from (inkhorn(?:\.\w+)+) cimport", re.M)


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
    """The ``.py`` of a compiled module when it, or its ``.pxd``, was changed after the
    module was built, or when a module its ``.pxd`` cimports is imported from its source."""
    source = compiled.with_name(compiled.name.partition(".")[0] + ".py")
    try:
        built = compiled.stat().st_mtime
        if source.stat().st_mtime > built:
            return source
        types = source.with_suffix(".pxd")
        if not types.is_file():
            return None
        if types.stat().st_mtime > built:
            return source
        for module in _CIMPORT.findall(types.read_text()):
            where = ROOT.joinpath(*module.split("."))
            others = list(where.parent.glob(where.name + ".*.so"))
            if not others or edited_source(others[0]) is not None:
                return source
        return None
    except OSError:
        return None


# a source checkout: the project's pyproject.toml beside the package
if (Path(__file__).parent.parent / "pyproject.toml").is_file() and EditedSourceFinder not in sys.meta_path:
    sys.meta_path.insert(0, EditedSourceFinder)
