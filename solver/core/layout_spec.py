"""Where the titles' data lives, and the layout of a board's grid as `title.json` states it (docs/board-data.md).

Kept apart from `solver.core.board_files` and `solver.core.board_data` (every board file's model, the cross-checks)
so that a title that reads its own data files loads neither: a process that only solves that title's runs (a
review pool's server, docs/importer.md) starts that much sooner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

DATA_ROOT = Path(__file__).resolve().parent.parent.parent / "data"


class LayoutSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    orientation: Literal["flat", "pointy"]
    letter_axis: Literal["column", "row"]
    first_letter: str = Field(default="A", pattern=r"^[A-Z]$")
