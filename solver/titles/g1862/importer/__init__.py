"""Import of 18xx.games game exports: rebuild the board position at every recorded run (issue 6).

`import_game(path)` reads an export, resolves undo/redo as the site does and replays the actions that
change the board, returning one `RecordedRun` (position + recorded routes) per `run_routes` action.
"""

from solver.titles.g1862.importer.replay import ImportedGame, RecordedRun, import_export, import_game

__all__ = ["ImportedGame", "RecordedRun", "import_export", "import_game"]
