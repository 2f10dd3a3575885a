"""The scenario file format: docs/scenario.schema.json is generated from the model and kept in step."""

from __future__ import annotations

import json
from pathlib import Path

from solver.titles.g1862.money.scenario import parse_scenario, scenario_json_schema

ROOT = Path(__file__).resolve().parents[2]


def test_docs_schema_matches_the_model() -> None:
    on_disk = json.loads((ROOT / "docs" / "scenario.schema.json").read_text(encoding="utf-8"))
    assert on_disk == scenario_json_schema(), "regenerate docs/scenario.schema.json from scenario_json_schema()"


def test_schema_names_every_field_of_the_examples() -> None:
    schema = scenario_json_schema()
    company_fields = set(schema["$defs"]["CompanyEntry"]["properties"])
    for path in sorted((ROOT / "examples").glob("*merge*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert set(data) <= set(schema["properties"])
        for company in data["companies"]:
            assert set(company) <= company_fields
        parse_scenario(data)


def test_defaults_director_par_and_has_train() -> None:
    data = {
        "kind": "merger",
        "initiator": "A",
        "survivor": "N&E",
        "players": [{"name": "A", "cash": 100}, {"name": "B", "cash": 100}],
        "companies": [
            {"id": "N&E", "price": 71, "holdings": {"A": 6, "B": 4}},
            {"id": "WStI", "price": 116, "trains": ["2F"], "holdings": {"B": 5, "A": 3, "pool": 2}},
        ],
    }
    sc = parse_scenario(data)
    assert sc.companies["N&E"].director == "A" and sc.companies["WStI"].director == "B"
    assert sc.companies["N&E"].par == 68 and sc.companies["WStI"].par == 100
    assert not sc.companies["N&E"].has_train and sc.companies["WStI"].has_train
    assert sc.active == "N&E" and sc.other == "WStI"
