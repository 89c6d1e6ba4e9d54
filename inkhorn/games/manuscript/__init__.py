"""Manuscript: the scribe's manuscript-grid game (2-4 scribes)."""

from inkhorn.games.manuscript.game import ManuscriptGame

GAME = ManuscriptGame()
