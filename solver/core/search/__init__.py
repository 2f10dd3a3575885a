"""The title-independent run search: candidate routes per train listed along the track graph through a title's
rules (`candidates`), a quick sorted search for a first run (`incumbent`), the CP-SAT choice of at most one route
per train (`model`) and the rounds with a floor that prove the answer and have it re-checked by the title's
evaluator (`run_search`). docs/search.md describes it and the hooks a title provides."""
