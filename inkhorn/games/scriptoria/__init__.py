"""Scriptoria: copyists share inks and lecterns to finish an illuminated page."""

from inkhorn.games.scriptoria.game import ScriptoriaGame

GAME = ScriptoriaGame()

__all__ = ["GAME"]
