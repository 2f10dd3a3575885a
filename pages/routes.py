"""Routes page: the best run of a company, drawn on the map with every pound explained, and routes entered by the
player judged by the rules. A title on the core's evaluator protocol (its registry entry names its evaluator and
optimizer) gets the title-generic page, pages/routes_core.py; 1862 its own, pages/routes_1862.py."""

from __future__ import annotations

from pages import routes_1862, routes_core, session

session.through_app()
if session.title().on_core_routes:
    routes_core.main()
else:
    routes_1862.main()
