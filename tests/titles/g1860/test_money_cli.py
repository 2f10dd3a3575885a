"""``python -m solver market ...`` for 1860: dividend, sell and order with --game 1860 or an 1860 position,
nationalise, insolvency and value; JSON like 1862's; every bad input (each file of data/money-bad/) exits 2 naming
the field and the rule, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solver.cli import main
from solver.titles.g1860.money import rulebook

from .money_positions import EXAMPLES

BAD = Path(__file__).resolve().parent / "data" / "money-bad"
NATIONALISATION = str(EXAMPLES / "position-1860-nationalisation.json")
INSOLVENT = str(EXAMPLES / "position-1860-insolvent.json")


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main([*argv, "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert out["ok"] is True
    return out


def test_dividend_for_1860_with_the_game_flag(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(
        ["market", "dividend", "--game", "1860", "--price", "90", "--revenue", "240", "--holding", "Ann=6"], capsys
    )
    assert (out["new_price"], out["payouts"], out["to_bank"]) == (110, {"Ann": 144}, 96)
    assert out["moves"][0]["rule"] == rulebook.DIVIDEND_MOVE
    assert all("RB L" in s["rule"] for s in out["steps"])


def test_dividend_from_an_1860_position_takes_price_treasury_holdings_and_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _json(
        [
            "market",
            "dividend",
            "--position",
            NATIONALISATION,
            "--company",
            "ngstl",
            "--revenue",
            "150",
            "--subsidy",
            "20",
        ],
        capsys,
    )
    assert (out["price"], out["new_price"], out["treasury_after"]) == (86, 95, 60)
    assert out["payouts"] == {"Bob": 90, "Cat": 30}
    assert out["order_after"] == ["C&N", "IWNJ", "NGStL", "S&C"]


def test_sell_from_an_1860_position_after_the_8_train_moves_nothing_and_passes_the_directorship(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _json(
        ["market", "sell", "--position", NATIONALISATION, "--company", "IWNJ", "--shares", "3", "--seller", "Ann"],
        capsys,
    )
    assert (out["new_price"], out["proceeds"], out["director"]) == (100, 300, "Cat")
    assert out["moves"][0]["rule"] == rulebook.AFTER_8_TRAIN


def test_sell_of_a_trainless_1860_company_is_at_half(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(
        ["market", "sell", "--position", INSOLVENT, "--company", "C&N", "--shares", "2", "--seller", "Bob"], capsys
    )
    assert (out["price_per_share"], out["new_price"], out["director"]) == (39, 71, "Ann")


def test_order_for_1860(capsys: pytest.CaptureFixture[str]) -> None:
    out = _json(["market", "order", "--game", "1860", "ngstl=100", "C&N=100", "S&C=100", "IOW=110"], capsys)
    assert out["order"] == ["IOW", "NGStL", "C&N", "S&C"]


def test_nationalise_insolvency_and_value(capsys: pytest.CaptureFixture[str]) -> None:
    nat = _json(["market", "nationalise", NATIONALISATION], capsys)
    assert [r["closed"] for r in nat["rounds"]] == [["S&C", "C&N"], ["IWNJ", "NGStL"]]
    assert nat["values"]["players"][0]["player"] == "Ann"
    given = _json(["market", "nationalise", NATIONALISATION, "--revenue", "S&C=200"], capsys)
    assert given["revenues"]["S&C"] == 200
    ins = _json(["market", "insolvency", INSOLVENT, "--company", "C&N"], capsys)
    assert (ins["insolvent"], ins["train"], ins["revenue"]) == (True, "3+2", 100)
    value = _json(["market", "value", INSOLVENT, "--private", "Ann=90"], capsys)
    ann = value["players"][1] if value["players"][0]["player"] == "Bob" else value["players"][0]
    assert ann["shares"]["C&N"] == 4 * (78 // 2) and ann["privates"] == 90
    assert value["bank_left"] == 10_000 - 310 - 420


def test_text_output_is_the_step_log(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["market", "insolvency", INSOLVENT, "--company", "C&N"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(f"({rulebook.MUST_BUY})") and len(lines) >= 8


@pytest.mark.parametrize("path", sorted(BAD.glob("*.json")), ids=lambda p: p.stem)
def test_a_bad_1860_money_position_exits_2_naming_the_field(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["market", "value", str(path)], ["market", "nationalise", str(path), "--revenue", "S&C=10"]):
        assert main([*argv, "--json"]) == 2
        problems = json.loads(capsys.readouterr().out)["problems"]
        assert problems and all(p["where"] and p["rule"] and p["message"] for p in problems)
        assert any(p["where"].split()[0] in ("market", "players", "companies") for p in problems)


@pytest.mark.parametrize(
    ("argv", "where", "rule"),
    [
        (["market", "dividend", "--game", "1860", "--price", "83", "--revenue", "10"], "price", rulebook.MARKET),
        (["market", "dividend", "--game", "1860", "--price", "90", "--revenue", "15"], "revenue", rulebook.PAYOUT),
        (
            ["market", "dividend", "--game", "1860", "--price", "90", "--revenue", "90", "--state", "insolvent"],
            "pay",
            rulebook.INSOLVENT_LIMITS,
        ),
        (
            [
                "market",
                "dividend",
                "--game",
                "1860",
                "--price",
                "90",
                "--revenue",
                "90",
                "--withhold",
                "--state",
                "nationalised",
            ],
            "pay",
            rulebook.NAT_NO_RETAIN,
        ),
        (
            ["market", "dividend", "--game", "1860", "--price", "90", "--revenue", "90", "--hudson"],
            "--hudson",
            "not a rule of 1860",
        ),
        (["market", "dividend", "--game", "1860", "--revenue", "90"], "--price", "format"),
        (["market", "sell", "--game", "1860", "--price", "90", "--shares", "0"], "shares", rulebook.SALE_MOVE),
        (
            ["market", "sell", "--game", "1860", "--price", "90", "--shares", "2", "--lner"],
            "--lner",
            "not a rule of 1860",
        ),
        (
            ["market", "sell", "--position", NATIONALISATION, "--company", "S&C", "--shares", "6", "--seller", "Ann"],
            "seller Ann",
            rulebook.SALE_PRICE,
        ),
        (
            ["market", "sell", "--position", NATIONALISATION, "--company", "XYZ", "--shares", "1"],
            "company XYZ",
            rulebook.MARKET,
        ),
        (["market", "order", "--game", "1860", "ECR=82"], "company ECR", rulebook.OPERATING_ORDER),
        (["market", "order", "--game", "1860", "IOW=83"], "market 83", rulebook.OPERATING_ORDER),
        (["market", "insolvency", INSOLVENT, "--company", "C&N", "--leased", "4F"], "leased", rulebook.LEASE),
        (["market", "value", "examples/position-late-game.json"], "examples/position-late-game.json", "format"),
        (["market", "value", INSOLVENT, "--private", "Zed=130"], "--private Zed", rulebook.ASSETS),
        (["market", "nationalise", NATIONALISATION, "--revenue", "ECR=10"], "company ECR", rulebook.MARKET),
    ],
)
def test_bad_1860_money_input_exits_2_naming_the_field_and_the_rule(
    argv: list[str], where: str, rule: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--json"]) == 2
    problems = json.loads(capsys.readouterr().out)["problems"]
    assert (problems[0]["where"], problems[0]["rule"]) == (where, rule)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err
