"""The command line's handling of what the user types (issue 14): company ids in any case with the canonical id
in the output, a misspelt flag answered with the flag meant, and each rule cited once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import main
from solver.cli.common import canonical_company
from solver.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "position-example.json"
RULEBOOK = ROOT / "examples" / "rulebook"


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0, capsys.readouterr().err
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_routes_takes_a_company_id_in_any_case_and_answers_with_the_canonical_id(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lower = _json(["routes", str(EXAMPLE), "--company", "wnr", "--json"], capsys)
    exact = _json(["routes", str(EXAMPLE), "--company", "WNR", "--json"], capsys)
    assert lower["company"] == "WNR"
    assert (lower["revenue"], lower["status"]) == (exact["revenue"], exact["status"])


def test_routes_text_output_names_the_canonical_company(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routes", str(EXAMPLE), "--company", "y&n"]) == 2  # Y&N has no trains: refused by its id
    assert "company Y&N" in capsys.readouterr().err
    assert main(["routes", str(EXAMPLE), "--company", "wNr"]) == 0
    assert capsys.readouterr().out.startswith("WNR best run")


def test_score_takes_a_company_id_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    position, routes = RULEBOOK / "enr-table.json", RULEBOOK / "enr-table.2f.routes.json"
    out = _json(["score", str(position), "--routes", str(routes), "--company", "enr", "--json"], capsys)
    assert out["company"] == "ENR" and out["legal"] is True


def test_market_order_takes_company_ids_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(["market", "order", "enr=82", "Ecr=82", "wnr=100", "--json"], capsys)
    assert out["order"] == ["WNR", "ENR", "ECR"]


def test_an_unknown_company_id_gets_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routes", str(EXAMPLE), "--company", "xyz"]) == 2
    err = capsys.readouterr().err
    assert "company xyz" in err and "WNR, ENR, Y&N, N&E" in err
    assert main(["market", "order", "xyz=82"]) == 2
    assert "E&H, ECR, ENR" in capsys.readouterr().err


def test_an_id_matching_two_companies_when_case_is_ignored_gets_both() -> None:
    assert canonical_company("WSTI", ["WStI", "ECR"], "in play") == "WStI"
    with pytest.raises(InputError) as info:
        canonical_company("ab", ["AB", "Ab", "ECR"], "in play")
    assert "AB, Ab" in str(info.value)


def test_a_misspelt_flag_suggests_the_flag_meant() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "solver", "routes", str(EXAMPLE), "--compnay", "WNR"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "--compnay" in result.stderr and "did you mean --company?" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_misspelt_flag_of_a_market_action_suggests_the_flag_meant(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["market", "dividend", "--price", "82", "--revneue", "60"])
    assert exit_info.value.code == 2
    assert "did you mean --revenue?" in capsys.readouterr().err


def test_an_abbreviated_flag_is_still_read(capsys: pytest.CaptureFixture[str]) -> None:
    assert _json(["routes", str(EXAMPLE), "--comp", "WNR", "--json"], capsys)["company"] == "WNR"


def test_the_hudson_refusal_cites_its_rule_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["market", "dividend", "--price", "82", "--revenue", "0", "--hudson"]) == 2
    err = capsys.readouterr().err
    assert err.count("7.8.6") == 1, err
