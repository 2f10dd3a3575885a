"""18BF's money previews (docs/money-18bf.md): dividends, share sales, loans and the end of a company's turn, start
prices and the game-end value, and the Merger Round (conversion, minor mergers, takeovers, System formation), each a
pure function returning an outcome with a step log citing rules v0.19's sections."""
