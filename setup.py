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

The build is guided by a profile (GCC), as CPython's own optimised build is: it compiles
every module once with counters, runs ``build_workload.py`` on them (each game's learner loop
and games between the bots, a few seconds), and compiles them again with what the counters
saw. The compiler then lays the paths a step takes side by side and moves the rest (error
handling, most of Cython's code) out of their way, so that a step's code takes fewer cache
lines. On the machine above the bench loop's step took 11 to 14 per cent less time (lowest
µs a step of six alternated runs of 20,000 steps, without the profile and with it: Ancients
51.8 and 44.7, Manuscript 50.8 and 44.7, Novelist 64.9 and 56.8, Scriptoria 44.3 and 39.5,
Verse & Variant 52.9 and 47.1), and games between the bots about 5 per cent less. The
training run needs the ``rl`` extra's packages, which are therefore among the build's own
requirements (``pyproject.toml``). Should it fail, or with ``INKHORN_PGO=0``, or with a
compiler other than GCC, the modules are compiled once, without a profile.

``INKHORN_PURE=1 pip install -e .`` builds nothing (profilers and debuggers that step
through Python lines need the source). A module that fails to compile, or a machine without
a C compiler, leaves the source in use (``optional``). In a source checkout, a module edited
since it was compiled runs from its source until the next install (``inkhorn/compiled.py``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
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
WORKLOAD = Path(__file__).resolve().with_name("build_workload.py")


def profile_flags(folder: Path) -> tuple[list[str], list[str], list[str]]:
    """GCC's flags for the counting compile (compile, link) and the guided one (compile).
    Code the training run never reached is compiled as without a profile
    (``-fprofile-partial-training``), not for size: a rare path stays as fast as before."""
    return ([f"-fprofile-generate={folder}", "-fprofile-update=single"], ["-fprofile-generate"],
            [f"-fprofile-use={folder}", "-fprofile-partial-training", "-Wno-missing-profile"])


def is_gcc(compiler: list[str]) -> bool:
    """Whether ``compiler`` is GCC itself (Clang also defines ``__GNUC__``, and reads its
    profiles otherwise)."""
    try:
        macros = subprocess.run([compiler[0], "-dM", "-E", "-x", "c", os.devnull], capture_output=True, text=True,
                                timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "__GNUC__" in macros and "__clang__" not in macros


def run_workload(folder: str) -> str | None:
    """Run the training run on the package built in ``folder``; ``None`` when it ran, or
    why not."""
    try:
        done = subprocess.run([sys.executable, str(WORKLOAD), folder], capture_output=True, text=True,
                              timeout=1800, cwd=folder)
    except (OSError, subprocess.SubprocessError) as exc:
        return str(exc)
    if done.returncode:
        lines = done.stderr.strip().splitlines()
        return lines[-1] if lines else f"exit status {done.returncode}"
    print(done.stdout.strip())
    return None


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
            if self.compiler.compiler_type != "unix":  # GCC or Clang here; any other compiler as it comes
                super().build_extensions()
                return
            flags = {ext.name: ([*SMALL_CODE, *ext.extra_compile_args], ext.extra_link_args) for ext in self.extensions}
            if os.environ.get("INKHORN_PGO") == "0" or not WORKLOAD.is_file() or not is_gcc(self.compiler.compiler_so):
                self.compile_with(flags)
                return
            profiles = Path(self.build_temp).resolve() / "profiles"
            shutil.rmtree(profiles, ignore_errors=True)
            count, link, guided = profile_flags(profiles)
            self.compile_with(flags, count, link)
            failed = run_workload(str(Path().resolve()) if self.inplace else str(Path(self.build_lib).resolve()))
            if failed:
                print(f"inkhorn: compiled without a profile: the training run failed ({failed})")
                guided = []
            self.compile_with(flags, guided)

        def compile_with(self, flags: dict[str, tuple[list[str], list[str]]], compile_args: Sequence[str] = (),
                         link_args: Sequence[str] = ()) -> None:
            """Compile every module (again) with these flags added to its own."""
            for ext in self.extensions:
                ext.extra_compile_args = [*flags[ext.name][0], *compile_args]
                ext.extra_link_args = [*flags[ext.name][1], *link_args]
            self.force = True  # each compile replaces what an earlier one left
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
