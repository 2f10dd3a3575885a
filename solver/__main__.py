"""Entry point of ``python -m solver``."""

import sys

from solver.cli import main

sys.exit(main())
