"""Verse & Variant: Fragments of Antiquity (trick-taking with echoes, Desk claims, Institutions)."""

from inkhorn.games.verse_variant.game import VerseGame

GAME = VerseGame()
