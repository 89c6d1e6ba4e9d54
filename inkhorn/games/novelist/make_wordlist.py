"""Build the shipped word list (``content/words.txt.gz``) from the SCOWL word lists.

Run once by a maintainer, not at play time::

    python -m inkhorn.games.novelist.make_wordlist SCOWL_DIR

``SCOWL_DIR`` is the folder of SCOWL's split lists (Debian package ``scowl`` installs them
under ``share/dict/scowl``). The filter: only the *words* categories (american, english and
variant_1 spellings) at size 70 and below (the size of Debian's ``wamerican-large``), never
the proper-name, upper-case, abbreviation or contraction lists; only lower-case a-z words of
two letters or more; and words without a vowel (a e i o u y) are dropped unless they are real
interjections or loan words listed in ``VOWELLESS_KEEP`` (this removes letter plurals and
unit symbols such as "kb" or "ls").
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

CATEGORIES = ("american-words", "english-words", "variant_1-words")
SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
VOWELLESS_KEEP = frozenset({"brr", "crwth", "cwm", "cwms", "hmm", "nth", "psst", "sh", "shh"})
WORD = re.compile(r"[a-z]{2,}")
VOWEL = re.compile(r"[aeiouy]")


def build(scowl_dir: Path) -> list[str]:
    words: set[str] = set()
    for category in CATEGORIES:
        for size in SIZES:
            path = scowl_dir / f"{category}.{size}"
            for line in path.read_text(encoding="latin-1").splitlines():
                word = line.strip()
                if WORD.fullmatch(word) and (VOWEL.search(word) or word in VOWELLESS_KEEP):
                    words.add(word)
    return sorted(words)


def main(argv: list[str]) -> None:
    if len(argv) != 1:
        raise SystemExit("usage: python -m inkhorn.games.novelist.make_wordlist SCOWL_DIR")
    words = build(Path(argv[0]))
    out = Path(__file__).parent / "content" / "words.txt.gz"
    with gzip.GzipFile(out, "wb", mtime=0) as fh:
        fh.write(("\n".join(words) + "\n").encode("ascii"))
    print(f"{len(words)} words written to {out.name}")


if __name__ == "__main__":
    main(sys.argv[1:])
