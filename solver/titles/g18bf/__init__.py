"""18BF: The Big Four (rules v0.19, ../shared/rules/002_af0f8bd4e8a1e8cc.txt, cited by section, "§10.6"): its route
rules, G-trains, evaluator and exhaustive enumerator on the core's track graph (docs/routes-18bf.md)."""
