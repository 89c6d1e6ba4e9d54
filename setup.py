"""The build: the modules every decision runs through are compiled with Cython.

The code is the ``.py`` files and nothing else. At install, Cython turns the modules named
below into C extensions, which Python imports in place of their source (for a learner's
environment step or a bot's search, 1.3 to 1.6 times as fast on the machine where that was
first measured; see below for a core with 1 MB of second-level cache); everything else in
the package sees no difference but speed. Left as source: the ``content.py``, ``options.py``
and ``game.py`` modules, whose pydantic models (content files, options) read their classes'
annotations and methods, and the command line, server and lab, where time goes to I/O.
A ``.pxd`` beside a module gives C types to a few of its classes and functions (a seat's
numbers and the helpers that write them, each game's features, the RL vector's tail,
Ancients' action list and Novelist's word ranking); the source runs without it.

The C is compiled for small code (``SMALL_CODE``). A learner's step runs through a dozen
compiled modules, and on a core whose second-level cache holds 1 MB their code and the
step's data do not fit in it together: every step then fetches them again from the shared
cache, and so does the code that runs between steps (the learner's own, numpy). Cython's
helper functions are left to the compiler to inline or not, in place of being inlined at
every use, and calls into Python's own library skip its stub table. A step runs 1 to 4 per
cent more instructions, and misses a 1 MB cache up to 28 per cent less often (counted with
cachegrind: Manuscript 1,171 to 882 misses a step, Novelist 1,082 to 942, Scriptoria's
351 to 349). On such a machine the compiled step first took about the time of the source's;
since the RL vector's tail and the features' helpers are typed (their source writes number
by number), it takes two thirds of it (the bench loop, lowest µs a step of five alternated
runs: Novelist 81.5 against 123.1, Manuscript 75.8 against 125.9).

``INKHORN_PURE=1 pip install -e .`` builds nothing (profilers and debuggers that step
through Python lines need the source). A module that fails to compile, or a machine without
a C compiler, leaves the source in use (``optional``). In a source checkout, a module edited
since it was compiled runs from its source until the next install (``inkhorn/compiled.py``).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from setuptools import Extension, setup

PACKAGES = ("inkhorn/core", "inkhorn/rl", "inkhorn/agents", "inkhorn/games/*")
LEFT_AS_SOURCE = {"__init__.py", "content.py", "options.py", "game.py", "make_wordlist.py"}
DIRECTIVES = {
    "language_level": 3,
    # annotations are for mypy: compiled code keeps Python's semantics (a parameter annotated
    # ``int`` takes whatever the source would take)
    "annotation_typing": False,
    "binding": True,  # functions keep their signatures, names and pickling
}
# GCC and Clang (see the module's docstring): -O2 in place of Python's own -O3, Cython's
# CYTHON_INLINE helpers not forced inline (those a module does not use are then reported:
# hundreds of lines of warnings), calls into libpython without the PLT's stubs. Measured
# against -Os in their place: more instructions and more misses.
SMALL_CODE = ["-O2", "-fno-plt", "-DCYTHON_INLINE=", "-Wno-unused-function"]


def compiled_modules() -> list[Extension]:
    if os.environ.get("INKHORN_PURE"):
        return []
    paths = sorted(p for pattern in PACKAGES for p in Path().glob(f"{pattern}/*.py") if p.name not in LEFT_AS_SOURCE)
    return [Extension(".".join(p.with_suffix("").parts), [str(p)], optional=True) for p in paths]


def remove_compiled(package: Path, keep: set[str]) -> list[Path]:
    """Delete the compiled files an earlier build left in the source tree for modules not in
    ``keep``: Python would import them in place of the source (``INKHORN_PURE``, a module
    taken off the list). Returns what it deleted."""
    stale = [p for p in package.rglob("*.so")
             if ".".join(p.with_name(p.name.partition(".")[0]).relative_to(package.parent).parts) not in keep]
    for path in stale:
        path.unlink()
    return stale


def build_command() -> type:
    """Cython's ``build_ext``: every module translated to C at once on all cores (its C in the
    build folder), then compiled; a module Cython cannot translate is left as source, as
    ``optional`` leaves one that the C compiler cannot build."""
    from Cython.Build import build_ext, cythonize
    from Cython.Compiler.Errors import CompileError as CythonError
    from setuptools.errors import CompileError

    class BuildExt(build_ext):
        def initialize_options(self) -> None:
            super().initialize_options()
            self.parallel = os.cpu_count() or 1
            self.cython_directives = DIRECTIVES
            self.cython_c_in_temp = True

        def run(self) -> None:
            remove_compiled(Path("inkhorn"), {ext.name for ext in self.extensions})
            # a failure here is met again below, module by module, where it is named
            with contextlib.suppress(CythonError):
                cythonize(self.extensions, nthreads=self.parallel, build_dir=self.build_temp, quiet=True,
                          compiler_directives=DIRECTIVES)
            super().run()

        def build_extensions(self) -> None:
            if self.compiler.compiler_type == "unix":  # GCC or Clang; any other compiler as it comes
                for ext in self.extensions:
                    ext.extra_compile_args = [*SMALL_CODE, *ext.extra_compile_args]
            super().build_extensions()

        def build_extension(self, ext: Extension) -> None:
            try:
                super().build_extension(ext)
            except CythonError as exc:
                raise CompileError(f"Cython cannot translate {ext.sources[0]}: {exc}") from exc

    return BuildExt


if __name__ == "__main__":  # as pip runs it; the tests read the module list without building
    modules = compiled_modules()
    if not modules:  # no build_ext runs: the source tree is cleared of compiled files here
        remove_compiled(Path("inkhorn"), set())
    setup(ext_modules=modules, cmdclass={"build_ext": build_command()})
