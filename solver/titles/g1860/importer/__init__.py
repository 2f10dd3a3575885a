"""Importing 1860 games recorded on 18xx.games: the board, trains and game state replayed at every recorded run
(`replay`), the site's `connections` read as station lists (`connections`), and each run judged by the 1860
evaluator in the site's mode and the rulebook's (`review`). docs/importer-1860.md."""

from solver.titles.g1860.importer.replay import RecordedRoute, RecordedRun, import_game
from solver.titles.g1860.importer.review import RunReview, review_game

__all__ = ["RecordedRoute", "RecordedRun", "RunReview", "import_game", "review_game"]
