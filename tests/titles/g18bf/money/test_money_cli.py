"""The command line's 18BF money previews: `market dividend|sell --position`, `market loans|start|endgame` and
`merger POSITION convert|merge|takeover|system`, each with --json, and exit code 2 with the problem named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main
from solver.core.evaluator import RouteSpec
from solver.titles.g18bf.evaluator import evaluate

from .positions import EXAMPLES, example

POSITION = str(EXAMPLES / "position-18bf-money.json")


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, object]]:
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_market_dividend_shows_full_half_and_withhold(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "market", "dividend", "--position", POSITION, "--company", "LNW", "--revenue", "150")
    options = out["options"]
    assert code == 0 and isinstance(options, dict)
    assert (options["full"]["new_price"], options["half"]["paid"], options["withhold"]["new_price"]) == (165, 80, 135)


def test_market_dividend_half_text_cites_the_section(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["market", "dividend", "--position", POSITION, "--company", "LNW", "--revenue", "150", "--half"])
    text = capsys.readouterr().out
    assert code == 0 and "80 paid out: 8 for each of the 10 shares (§10.7)" in text


def test_market_sell_by_the_director(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(
        capsys, "market", "sell", "--position", POSITION, "--company", "LNW", "--seller", "Ann", "--shares", "3"
    )
    assert code == 0 and (out["proceeds"], out["new_price"]) == (450, 135)


def test_market_sell_of_a_minor_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["market", "sell", "--position", POSITION, "--company", "TV", "--seller", "Ann", "--shares", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "company TV" in err and "never sold" in err and "Traceback" not in err


def test_market_loans_and_start_and_endgame(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "market", "loans", POSITION, "--company", "GNR")
    assert code == 0 and (out["interest"], out["loans_repaid"], out["cash_after"]) == (10, 2, 90)
    code, out = run_json(capsys, "market", "start", "--bid", "230")
    assert code == 0 and out["price"] == 110
    code, out = run_json(capsys, "market", "endgame", POSITION)
    assert code == 0 and out["final_prices"]["GNR"] == 100  # type: ignore[index]


def test_market_loans_without_a_train_needs_its_cost(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["market", "loans", POSITION, "--company", "BE"])
    assert code == 2 and "cheapest_train" in capsys.readouterr().err


def test_merger_system_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "merger", POSITION, "system", "LNW", "GNR")
    assert code == 0 and (out["company"], out["price"], out["director"]) == ("GWR", 135, "Ann")
    assert out["holdings"] == {"Ann": 9, "Bob": 7, "pool": 1, "ipo": 3}


def test_merger_convert_merge_and_takeover(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "merger", POSITION, "convert", "TV", "--buy", "Ann=2", "--single", "Bob")
    assert code == 0 and out["holdings"] == {"Ann": 4, "Bob": 1, "ipo": 5}
    code, out = run_json(capsys, "merger", POSITION, "merge", "TV", "BE", "--buy", "Ann=1")
    assert code == 0 and (out["price"], out["allowed"]) == (200, True)
    code, out = run_json(capsys, "merger", POSITION, "takeover", "LY", "--by", "LNW")
    assert code == 0 and out["holdings"] == {"Ann": 6, "Bob": 2, "pool": 1, "Cat": 1}


def test_merger_of_unconnected_minors_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "merger", POSITION, "merge", "TV", "EG")
    assert code == 2 and out["ok"] is False
    problem = out["problems"][0]  # type: ignore[index]
    assert problem["rule"] == "§12.3" and "not connected" in problem["message"]


def test_merger_of_another_titles_position_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["merger", str(EXAMPLES / "position-1860-early.json"), "system", "LNW"])
    assert code == 2 and "18BF position" in capsys.readouterr().err


def test_a_position_with_loans_is_still_judged_by_the_route_evaluator() -> None:
    """The loans of docs/money-18bf.md are a company field the route rules accept (docs/routes-18bf.md): the
    example is judged, not refused as a faulty company."""
    verdict = evaluate(example(), "GNR", [RouteSpec("4", ("U23:2",))])
    assert all("not a company field" not in p.message for p in verdict.problems)


TRAINS = str(EXAMPLES / "position-18bf-trains.json")
BAD = Path(__file__).parent / "bad"


def test_market_trains_r13_json(capsys: pytest.CaptureFixture[str]) -> None:
    """R13 from the command line: the 3G's run is 130 more than the 5's, both proven (§10.10, §10.6)."""
    code, out = run_json(capsys, "market", "trains", TRAINS, "--company", "NER", "--train", "5", "--train", "3G")
    options = out["options"]
    assert code == 0 and isinstance(options, list)
    assert [(o["train"], o["run"]["revenue"], o["run"]["proven"]) for o in options] == [
        ("5", 70, True),
        ("3G", 200, True),
    ]
    assert out["best"] == "3G"


def test_market_trains_text_names_the_permanent_side(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["market", "trains", TRAINS, "--company", "NER", "--train", "3G"])
    text = capsys.readouterr().out
    assert code == 0 and "cannot be turned to its 5, even back in the Pool (§10.10)" in text and "best: 3G" in text


def test_market_dividend_from_the_best_run(capsys: pytest.CaptureFixture[str]) -> None:
    """The dividend preview takes its earnings from NER's proven best run (70: Edinburgh-Berwick, §10.6)."""
    code, out = run_json(capsys, "market", "dividend", "--position", TRAINS, "--company", "NER", "--best-run", "--half")
    best = out["best_run"]
    assert code == 0 and isinstance(best, dict) and best["revenue"] == 70 and best["proven"] is True
    assert (out["earnings"], out["paid"]) == (70, 40)


def test_market_loans_after_the_best_runs_distribution(capsys: pytest.CaptureFixture[str]) -> None:
    """The end of GNR's turn after withholding its best run: the move left (§10.7), interest 10 (§10.8), 2 loans
    repaid from the treasury (§10.9)."""
    code, out = run_json(capsys, "market", "loans", POSITION, "--company", "GNR", "--best-run", "--pay", "withhold")
    assert code == 0 and out["new_price"] == 110
    end = out["end"]
    assert isinstance(end, dict) and (end["interest"], end["loans_repaid"]) == (10, 2)


def test_market_redeem_and_buy(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "market", "redeem", TRAINS, "--company", "NER")
    assert code == 0 and (out["cost"], out["cash_after"]) == (100, 500)
    code, out = run_json(capsys, "market", "buy", TRAINS, "--company", "NER", "--buyer", "Cat", "--from", "pool")
    assert code == 0 and out["cash_changes"] == {"Cat": -100, "bank": 100}


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["market", "trains", TRAINS, "--company", "NER", "--train", "7"], "train 7"),
        (["market", "trains", TRAINS, "--company", "NER", "--train", "4+4"], "train 4+4"),
        (["market", "trains", str(BAD / "trains-at-limit.json"), "--company", "NER", "--train", "5"], "company NER"),
        (["market", "redeem", str(BAD / "redeem-empty-pool.json"), "--company", "NER"], "shares"),
        (["market", "redeem", TRAINS, "--company", "NER", "--shares", "3"], "shares"),
        (["market", "buy", TRAINS, "--company", "NER", "--buyer", "Dan"], "buyer Dan"),
        (
            ["market", "dividend", "--position", TRAINS, "--company", "NER", "--revenue", "10", "--best-run"],
            "--best-run",
        ),
        (["market", "dividend", "--position", TRAINS, "--company", "NER"], "--revenue"),
        (["market", "loans", TRAINS, "--company", "NER", "--revenue", "10", "--withheld"], "--withheld"),
        (["market", "trains", TRAINS, "--company", "NER", "--time-limit", "-1"], "--time-limit"),
        (
            ["market", "dividend", "--position", TRAINS, "--company", "NER", "--best-run", "--time-limit", "-1"],
            "--time-limit",
        ),
    ],
)
def test_train_and_share_previews_refuse_bad_input_with_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and named in err and "Traceback" not in err


def test_market_dividend_best_run_stopped_by_the_time_limit_previews_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A time limit of 0 ends the search before any run is found: the status is printed, no dividend is previewed
    and the exit code is 4 (as the routes command's)."""
    code = main(["market", "dividend", "--position", TRAINS, "--company", "NER", "--best-run", "--time-limit", "0"])
    text = capsys.readouterr().out
    assert code == 4 and "the time limit came before any run was found" in text and "price" not in text
