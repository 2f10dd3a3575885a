"""Impossible scenarios are rejected with one clear message each and exit code 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main
from solver.errors import InputError
from solver.titles.g1862.money.merge import merge_preview
from solver.titles.g1862.money.scenario import load_scenario

DATA = Path(__file__).resolve().parent / "data"

EXPECTED = {
    "bad-more-than-10-shares": ("company N&E holdings", "list 11 shares; a company has exactly 10"),
    "bad-fewer-than-10-shares": ("company N&E holdings", "list 9 shares; place all 10"),
    "bad-unknown-player": ("company WStI holdings", "unknown player 'Zoe'"),
    "bad-survivor-not-in-merge": ("survivor", "'ECR' is not one of the companies in the merge"),
    "bad-negative-price": ("company WStI price", "a share price cannot be negative (got -90)"),
    "bad-price-not-on-market": ("company N&E price", "91 is not a space on the stock market"),
    "bad-initiator-not-a-director": ("initiator", "Emma directs none of the companies"),
    "bad-unknown-initiator": ("initiator", "unknown player 'Zoe'"),
    "bad-receivership": ("company WStI", "a company in receivership cannot merge"),
    "bad-unaffordable-redeem": ("choices.Linda", "cannot pay 67 to redeem"),
    "bad-unknown-company": ("company XYZ", "unknown company"),
    "bad-merger-with-one-company": ("companies", "a merger involves exactly two companies"),
    "bad-refinance-with-train": ("company N&E", "only a company with no train refinances"),
    "bad-par": ("company N&E par", "95 is not a par value"),
    "bad-train": ("company N&E train '9Z'", "not a train name"),
    "bad-not-json": ("bad-not-json.json line 2", "not valid JSON"),
    "bad-home-not-a-town": ("company ESR home", "G6 Acle is not a town"),
}


def test_every_bad_file_is_tested() -> None:
    assert {p.stem for p in DATA.glob("bad-*.json")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_scenario_gives_one_problem(name: str) -> None:
    where, message = EXPECTED[name]
    with pytest.raises(InputError) as info:
        merge_preview(load_scenario(DATA / f"{name}.json"))
    assert len(info.value.problems) == 1
    problem = info.value.problems[0]
    assert where in problem.where and message in problem.message


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_scenario_exits_2_with_one_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["merge", str(DATA / f"{name}.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and "Traceback" not in err[0]


def test_bad_scenario_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["merge", str(DATA / "bad-negative-price.json"), "--json"]) == 2
    payload = json.loads(capsys.readouterr().out)
    assert payload["ok"] is False and len(payload["problems"]) == 1
    assert payload["problems"][0]["rule"] == "6.4.2"


def test_missing_file_and_structural_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["merge", str(tmp_path / "nope.json")]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"kind": "swap", "initiator": "A", "survivor": "N&E", "players": [], "companies": []}))
    assert main(["merge", str(bad)]) == 2
    assert "kind" in capsys.readouterr().err
