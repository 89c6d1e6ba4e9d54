"""Ancients, the timeline builder."""

from inkhorn.games.ancients.game import AncientsGame

GAME = AncientsGame()
