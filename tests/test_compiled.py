"""The compiled build (``setup.py``): every module it names is compiled at install, and in a
source checkout a module edited since then runs from its source."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import inkhorn
from inkhorn.compiled import EditedSourceFinder, edited_source

ROOT = Path(__file__).resolve().parents[1]


def load_setup():
    spec = importlib.util.spec_from_file_location("inkhorn_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # defines the list; builds nothing (setup() runs as __main__ only)
    return setup


def named_modules() -> list[str]:
    return [ext.name for ext in load_setup().compiled_modules()]


@pytest.mark.skipif(bool(os.environ.get("INKHORN_PURE")), reason="INKHORN_PURE: built without compiling")
def test_every_named_module_is_compiled():
    names = named_modules()
    assert "inkhorn.rl.encoding" in names and "inkhorn.games.novelist.words" in names
    missing = []
    for name in names:
        module = importlib.import_module(name)
        if not str(module.__file__).endswith(".py"):
            continue
        compiled = list(Path(str(module.__file__)).parent.glob(name.rpartition(".")[2] + ".*.so"))
        if not compiled or edited_source(compiled[0]) is None:
            missing.append(name)  # no compiled file, or one that is not older than its source
    assert not missing, (
        f"not compiled: {', '.join(missing)}; install with Cython and a C compiler (pip install -e . says "
        "which module failed), or set INKHORN_PURE=1 for a build and tests without compiling"
    )


def test_a_module_is_compiled_only_while_its_source_is_unchanged(tmp_path):
    compiled = tmp_path / "rules.cpython-311-x86_64-linux-gnu.so"
    source = tmp_path / "rules.py"
    compiled.write_bytes(b"")
    source.write_text("")
    os.utime(source, (1_000, 1_000))
    os.utime(compiled, (2_000, 2_000))
    assert edited_source(compiled) is None  # built after the source's last change
    os.utime(source, (3_000, 3_000))
    assert edited_source(compiled) == source  # edited since: the source is imported
    source.unlink()
    assert edited_source(compiled) is None


def test_a_module_whose_types_or_cimports_changed_is_imported_from_its_source(tmp_path, monkeypatch):
    """A compiled module takes C types from its .pxd and from the modules it cimports: when
    one of those changed, or runs from its source, the module's compiled file no longer
    fits, and its source is imported."""
    import inkhorn.compiled as compiled_modules

    monkeypatch.setattr(compiled_modules, "ROOT", tmp_path)
    core, game = tmp_path / "inkhorn" / "core", tmp_path / "inkhorn" / "games" / "demo"
    core.mkdir(parents=True)
    game.mkdir(parents=True)
    for folder in (core, game):
        (folder / "features.py").write_text("")
        (folder / "features.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    types = game / "features.pxd"
    types.write_text("import cython\nfrom inkhorn.core.features cimport Numbers\n")
    for path in (core / "features.py", game / "features.py", types):
        os.utime(path, (1_000, 1_000))
    for path in core.glob("*.so"), game.glob("*.so"):
        os.utime(next(path), (2_000, 2_000))
    built = game / "features.cpython-311-x86_64-linux-gnu.so"
    assert edited_source(built) is None
    os.utime(core / "features.py", (3_000, 3_000))  # the cimported module edited
    assert edited_source(built) == game / "features.py"
    os.utime(core / "features.py", (1_000, 1_000))
    os.utime(types, (3_000, 3_000))  # its own types edited
    assert edited_source(built) == game / "features.py"


def test_an_edited_module_is_imported_from_its_source():
    # in a fresh interpreter: the finder is asked first, and takes the source it is pointed to
    code = (
        "import sys, inkhorn.compiled as c; from pathlib import Path\n"
        "assert sys.meta_path[0] is c.EditedSourceFinder\n"
        "c.edited_source = lambda p: p.with_name('scoring.py') if p.name.startswith('scoring.') else None\n"
        "from inkhorn.games.scriptoria import scoring\n"
        "print(Path(scoring.__file__).name)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "scoring.py"


def test_the_finder_serves_a_source_checkout_only():
    assert EditedSourceFinder in sys.meta_path  # this checkout has its pyproject.toml beside the package
    assert (Path(inkhorn.__file__).parent.parent / "pyproject.toml").is_file()
    assert EditedSourceFinder.find_spec("json", None) is None  # nothing of any other package


def test_a_build_removes_compiled_files_of_modules_it_no_longer_compiles(tmp_path):
    # left by an earlier build: Python would import them in place of the source
    package = tmp_path / "inkhorn"
    kept = package / "core" / "state.cpython-311-x86_64-linux-gnu.so"
    dropped = package / "core" / "game.cpython-311-x86_64-linux-gnu.so"
    source = package / "core" / "game.py"
    for path in (kept, dropped, source):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    assert load_setup().remove_compiled(package, {"inkhorn.core.state"}) == [dropped]
    assert kept.exists() and source.exists() and not dropped.exists()
    assert load_setup().remove_compiled(package, set()) == [kept]  # INKHORN_PURE: every one


# Plays every game at random through the RL environment and prints a hash of everything a
# learner sees: the vectors, masks and rewards.
TRACE = """
import hashlib, numpy as np, inkhorn.rl as rl
from inkhorn.games import all_games
for game in all_games():
    env = rl.env(game.id); env.reset(seed=3); rng = np.random.default_rng(3); digest = hashlib.sha256()
    for _ in range(400):
        obs, reward, terminated, truncated, _ = env.last()
        digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes() + repr(reward).encode())
        if terminated or truncated:
            env.reset()
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    print(game.id, digest.hexdigest()[:16])
"""


def run_trace(source: bool) -> str:
    # ``source``: every compiled module is imported from its .py instead (the finder is told so)
    prelude = ("import inkhorn.compiled as c\n"
               "c.edited_source = lambda p: p.with_name(p.name.partition('.')[0] + '.py')\n") if source else ""
    code = prelude + "import inkhorn.rl.encoding as e\nprint(e.__file__.endswith('.py'))\n" + TRACE
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.skipif(bool(os.environ.get("INKHORN_PURE")), reason="INKHORN_PURE: nothing compiled to compare")
def test_the_compiled_build_and_the_source_give_a_learner_the_same_games():
    compiled, source = run_trace(source=False), run_trace(source=True)
    assert compiled.splitlines()[0] == "False" and source.splitlines()[0] == "True"  # each ran what it says
    assert compiled.splitlines()[1:] == source.splitlines()[1:]
    assert len(compiled.splitlines()) == 6  # five games


def canonical(name: str) -> str:
    """A distribution's name as the packaging standards compare names."""
    import re

    return re.sub(r"[-_.]+", "-", name).lower()


def distributions_required(names: list[str]) -> set[str]:
    """The distributions ``names`` (requirement strings) and all they require, installed ones."""
    import importlib.metadata as metadata
    import re

    seen: set[str] = set()
    todo = [re.split(r"[\s<>=!~;\[]", name, maxsplit=1)[0] for name in names]
    while todo:
        name = canonical(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        with contextlib.suppress(metadata.PackageNotFoundError):
            for requirement in metadata.requires(name) or ():
                if "extra ==" not in requirement:
                    todo.append(re.split(r"[\s<>=!~;\[(]", requirement, maxsplit=1)[0])
    return seen


def test_the_build_requires_every_package_its_training_run_imports():
    """pip builds in an environment holding only the build's own requirements, and the build
    runs ``build_workload.py`` there (setup.py): each package the run imports must come with
    them, or the build falls back to compiling without a profile."""
    import importlib.metadata as metadata
    import tomllib

    code = (f"import runpy, sys\nsys.argv = ['build_workload.py', {str(ROOT)!r}]\n"
            "runpy.run_path('build_workload.py', run_name='__main__')\n"
            "print(' '.join(sorted({m.partition('.')[0] for m in sys.modules})))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "(bots only" not in done.stdout  # the learner's loop ran too
    imported = set(done.stdout.split("\n")[-2].split())
    owners = metadata.packages_distributions()
    used = {canonical(owners[m][0]) for m in imported if m in owners and m != "inkhorn"}
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    missing = used - distributions_required(build)
    assert not missing, f"add to [build-system] requires in pyproject.toml: {', '.join(sorted(missing))}"
