"""``python -m solver merge`` and ``python -m solver market``: text and JSON output, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solver.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Any:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_merge_json_has_the_promised_fields(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(["merge", str(EXAMPLES / "merge-5.2.7-example2.json")], capsys)
    for key in ("new_price", "new_par", "director", "holdings", "cash_changes", "steps"):
        assert key in out
    assert out["new_price"] == 86 and out["new_par"] == 82 and out["director"] == "Martin"
    assert out["holdings"]["N&E"]["Martin"] == 5
    assert out["cash_changes"]["N&E"] == 86 + 30 and sum(out["cash_changes"].values()) == 0
    assert out["steps"][0]["n"] == 1


def test_merge_text_lists_numbered_steps_and_holdings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["merge", str(EXAMPLES / "merge-5.2.6-example1.json")]) == 0
    text = capsys.readouterr().out
    assert " 1. Richard: N&E merges with WStI" in text
    assert "New price: 134" in text and "Director:  Richard" in text
    assert "Linda" in text and "+67" in text


def test_merge_warns_when_the_trim_could_remove_the_survivors_home_marker(capsys: pytest.CaptureFixture[str]) -> None:
    """7.5.6 trim, 7.8: the text output ends with the warning; the JSON output lists it under `warnings`."""
    path = str(EXAMPLES / "merge-acquisition-trim-esr-fdr.json")
    assert main(["merge", path]) == 0
    text = capsys.readouterr().out
    assert "Warning: ESR's Home Station marker is in F11 Ipswich" in text and "no legal run (7.8)" in text
    out = _json(["merge", path], capsys)
    assert len(out["warnings"]) == 1 and "F11 Ipswich" in out["warnings"][0]
    assert _json(["merge", str(EXAMPLES / "merge-5.2.7-example2.json")], capsys)["warnings"] == []


def test_merge_simultaneous_flag(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(["merge", str(EXAMPLES / "merge-5.2.7-example2.json"), "--simultaneous"], capsys)
    assert any("swaps 2 I&B shares" in s["text"] for s in out["steps"])


def test_market_dividend_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(["market", "dividend", "--price", "82", "--revenue", "60", "--treasury", "40", "--hudson"], capsys)
    assert out["new_price"] == 90 and out["top_up"] == 30 and out["moves"][0]["to"] == 90


def test_market_dividend_revenue_0_means_nothing_paid(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(["market", "dividend", "--price", "82", "--revenue", "0"], capsys)
    assert out["new_price"] == 74 and out["paid"] is False


def test_market_dividend_payouts_by_holder(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["market", "dividend", "--price", "82", "--revenue", "190"]
    argv += ["--holding", "Richard=5", "--holding", "Lucy=2", "--holding", "treasury=2", "--holding", "pool=1"]
    out = _json(argv, capsys)
    assert out["payouts"] == {"Richard": 95, "Lucy": 38, "treasury": 38}


def test_market_sell_json_6_4_2_walk(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(["market", "sell", "--price", "74", "--shares", "3", "--director"], capsys)
    assert out["new_price"] == 65 and [m["to"] for m in out["moves"]] == [71, 68, 65]


def test_market_order_and_newprice(capsys: pytest.CaptureFixture[str]) -> None:
    assert _json(["market", "order", "ENR=82", "ECR=82", "WNR=100"], capsys)["order"] == ["WNR", "ENR", "ECR"]
    out = _json(["market", "newprice", "68", "100"], capsys)
    assert out["new_price"] == 116 and out["new_par"] == 100


@pytest.mark.parametrize(
    "argv",
    [
        ["market", "dividend", "--price", "83", "--revenue", "10"],
        ["market", "dividend", "--price", "-5", "--revenue", "10"],
        ["market", "dividend", "--price", "82", "--revenue", "60", "--hudson"],
        ["market", "sell", "--price", "74", "--shares", "0"],
        ["market", "order", "ENR82"],
        ["market", "newprice", "68", "-100"],
    ],
)
def test_market_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_python_dash_m_solver_merge_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "solver", "merge", str(EXAMPLES / "merge-refinance-wnr.json"), "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["new_price"] == 60
