"""Novelist: the word-spelling deckbuilder of nineteenth-century authors."""

from inkhorn.games.novelist.game import NovelistGame

GAME = NovelistGame()
