"""1862: Railway Mania in the Eastern Counties (../shared/rules/000_9024973e66a52e47.txt, cited by section,
"7.8.1"): its game data, positions, board rules and edits, route rules, evaluator and CP-SAT optimizer, money
previews, 18xx.games import and review, and its drawings."""
