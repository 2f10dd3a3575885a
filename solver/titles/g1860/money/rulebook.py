"""Where each money rule of 1860 stands in the rulebook (../shared/rules/001_3977acb489cb912c.txt), cited by
heading and line as the route rules are (`solver.titles.g1860.rulebook`). Every step of a money preview carries
one of these."""

#: The game ends at the end of the operating round in which a price reaches 340.
GAME_END_340 = "The End of the Game, RB L325"
#: The bank breaking ends the game at the end of the operating round.
BANK_BREAKS = "The End of the Game, RB L326"
#: A player's assets: money, private companies at face value, shares at market price, halved without a train.
ASSETS = "The End of the Game, RB L332-L336"
#: A director's certificate is two shares and worth double.
DIRECTOR_DOUBLE = "The End of the Game, RB L338"
#: Shares sell at market price, or at half (rounded down) when the company has no train.
SALE_PRICE = "Buying and Selling Shares, RB L348"
#: A director who is no longer the majority holder swaps the certificate with the new majority holder.
DIRECTOR_SWAP = "Buying and Selling Shares, RB L358"
#: The director's certificate may be sold to the bank pool, exchanged for a share there.
DIRECTOR_TO_POOL = "Buying and Selling Shares, RB L360"
#: The market runs from 0 to 340 in two tiers.
MARKET = "Share Price Movement, RB L364"
#: A company that has not operated keeps its price when shares are sold.
NOT_OPERATED = "Share Price Movement, RB L368"
#: After the 8+4 is bought, sales do not move prices.
AFTER_8_TRAIN = "Share Price Movement, RB L372"
#: Each share sold moves the price one place down.
SALE_MOVE = "Share Price Movement, RB L374"
#: A moved token goes under the tokens already on its space; the first to arrive operates first.
STACK = "Share Price Movement, RB L376"
#: Below 40 or above 150 (red letters) the first share of a sale does not move the price.
RED_ZONE = "Share Price Movement, RB L378"
#: A price falling to 0 by sales bankrupts the company.
SALE_BANKRUPT = "Share Price Movement, RB L380"
#: Par prices on the par chart, in the company's range.
PAR = "Buying and Selling Shares, RB L350; Major Companies, RB L171-L179"
#: Companies operate from the highest price down; on one space, the longest there first.
OPERATING_ORDER = "Operating Public Companies, RB L421"
#: Retained revenue goes to the treasury.
RETAIN = "Dividends and the Share Price, RB L552"
#: 10% of the revenue per 10% held, to players only; shares in the IPO or the bank pool earn nothing.
PAYOUT = "Dividends and the Share Price, RB L554"
#: No dividend: two places down (one space left on the same tier); 0 is bankruptcy.
NO_DIVIDEND = "Dividends and the Share Price, RB L558"
#: A dividend below the price: no move.
BELOW_PRICE = "Dividends and the Share Price, RB L560"
#: A dividend of at least 1, 2, 3 or 4 times the price: 1 to 4 spaces right on the same tier.
DIVIDEND_MOVE = "Dividends and the Share Price, RB L562-L568"
#: Never more than 4 spaces for one dividend.
MOST_SPACES = "Dividends and the Share Price, RB L570"
#: A token that pays but does not move goes under the others on its space.
PAID_NO_MOVE = "Dividends and the Share Price, RB L574"
#: The halt subsidy goes to the treasury and is not revenue.
SUBSIDY = "Running Trains, RB L532"
#: Trains are bought in order; each type sold out before the next.
TRAIN_ORDER = "Buying Trains, RB L610"
#: A company without a train at the end of its turn must buy one if it can afford one.
MUST_BUY = "Insolvency, RB L620"
#: Without a train but with a valid route it becomes insolvent.
INSOLVENT = "Insolvency, RB L622"
#: An insolvent company retains its revenue, places no bases and builds no track that costs.
INSOLVENT_LIMITS = "Insolvency, RB L626"
#: It leases the smallest train in the bank and runs it with its first number only, for 40 + 20 a stop.
LEASE = "Insolvency, RB L628-L630"
#: The most a leased train earns: 40 + 20 x its first number.
LEASE_CAP = "Insolvency, RB L632"
#: No valid route: no insolvency.
NO_ROUTE = "Insolvency, RB L638"
#: An insolvent company's shares sell at half.
INSOLVENT_SALES = "Insolvency, RB L640"
#: Leasing does not change the phase.
LEASE_NO_PHASE = "Phases, RB L295"
#: A company in receivership runs for the most it can and retains.
RECEIVERSHIP = "Companies In Receivership, RB L644-L649"
#: Nationalisation: when every company with a director has a train at the end of a round.
NATIONALISED = "Railway Nationalisation, RB L666-L668"
#: Operating rounds only; every company runs, pays and moves.
NAT_ROUNDS = "Railway Nationalisation, RB L670-L672"
#: The director works out the most each company can earn, counting the first number only.
NAT_REVENUE = "Railway Nationalisation, RB L673-L674"
#: Companies in receivership pay nothing and drop.
NAT_RECEIVERSHIP = "Railway Nationalisation, RB L675"
#: No revenue is retained.
NAT_NO_RETAIN = "Railway Nationalisation, RB L677"
#: The two lowest payers close after each round; every company tied at a closing revenue closes.
NAT_CLOSE = "Railway Nationalisation, RB L679"
#: Companies in receivership close first.
NAT_RECEIVERSHIP_FIRST = "Railway Nationalisation, RB L681"
#: One or two left operate a last time; then the game ends.
NAT_LAST = "Railway Nationalisation, RB L683"
#: A price reaching 340 still ends the game after the round.
NAT_340 = "Railway Nationalisation, RB L685"
#: A price reaching 0, or 7 or 14 with no dividend, is bankruptcy.
BANKRUPT = "Bankrupt Companies, RB L689"
#: Variant: shares of a company that has not operated sell at full price.
VARIANT_FULL_PRICE = "Variant: Selling shares in non-operating companies, RB L745"
