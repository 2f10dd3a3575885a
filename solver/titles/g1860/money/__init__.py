"""1860's money previews (docs/money-1860.md): the market on the core's stock market, dividends, share sales,
insolvency and leasing, the players' assets at the end, and the nationalisation rounds; each with a step log whose
every line cites the rulebook (`solver.titles.g1860.money.rulebook`)."""
