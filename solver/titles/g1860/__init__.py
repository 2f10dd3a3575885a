"""1860: Railways on the Isle of Wight (../shared/rules/001_3977acb489cb912c.txt, cited as heading and line,
"Running Trains, RB L523"): its route rules and evaluator on the core's track graph."""
