"""Where each money rule of 18BF stands in rules v0.19 (../shared/rules/002_af0f8bd4e8a1e8cc.txt): "§n" is a
section of the main text, "appendix §n" one of its rule differences from 1861. Every step of a money preview and
every Problem carries one of these; the readings of points the rulebook leaves open are in docs/money-18bf.md."""

#: The market: prices of a company's share (minors: half the company's value); the Closed box at the bottom.
MARKET = "§6"
#: A company whose price falls into the Closed box closes at once; its assets go to the Bank, trains to the Pool.
CLOSED = "§6, §11"
#: Minor companies: one charter, one owner; never sold; may merge, convert or be taken over from phase 3.
MINORS = "§7.2"
#: Public companies: ten shares, a two-share Director's Certificate; the director holds the most shares.
PUBLICS = "§7.3"
#: Systems: twenty shares, a four-share Director's Certificate; GWR and SR 8 markers, GCR, LMS, LNE 12.
SYSTEMS = "§7.4"
#: What each phase allows (minor mergers from phase 3, public starts from 4, Systems from 6, double jumps in 8).
PHASES = "§8"
#: Share sales: at the current price to the Pool, at most 50 % in the Pool, not before the first turn, no minors.
SALE = "§9.1"
#: The director's change on a sale: more shares and at least 20 %, ties clockwise; the swap before the sale.
SALE_DIRECTOR = "§9.1"
#: A director's sale moves the price one space left, however many shares.
SALE_MOVE = "§9.1"
#: Minor auction: bids from £100 in steps of £5; the price is half the bid rounded down to a space from 50 to 135.
MINOR_START = "§9.2"
#: Starting a public from phase 4: the Director's Certificate at twice a par from 70 to 200, paid to the treasury.
PUBLIC_START = "§9.3"
#: The 60 % holding limit and the certificate limit.
HOLDING_LIMITS = "§9.3"
#: Buying stock in a Stock Round: one certificate a turn from the treasury (to the company) or the Pool (to the
#: Bank) at the current price, which does not move; not at 60 % or more, not after selling the company this round,
#: not at the certificate limit; the Director's Certificate must be a player's; more than the director: director.
BUY_STOCK = "§9.3"
#: Operating order: minors, then publics, then Systems, each by descending price, the top of a stack first.
OPERATING_ORDER = "§10"
#: Loans: £50, £5 interest paid at once (a new loan nets £45); minors 2, publics 5, Systems 10; only as needed.
LOANS = "§10.2"
#: A public or System may buy back its own shares from the Pool at the current price, into its treasury; no
#: loans for it.
REDEEM_STOCK = "§10.3"
#: Minor dividends: half to the owner, half to the treasury; right if earnings, left if none; never above 165.
MINOR_DIVIDEND = "§10.7"
#: Public dividends: all, half (rounded up to £10) or none; 10 % a share; treasury shares pay the company, the
#: Pool's are lost; left when kept or zero, right when 10 x the dividend a share reaches the price.
PUBLIC_DIVIDEND = "§10.7"
#: System dividends: 5 % a share rounded down; from phase 8 two spaces right at twice the price.
SYSTEM_DIVIDEND = "§10.7"
#: A moved marker goes to the bottom of its new space's stack; one that stays keeps its place.
STACK = "§10.7, §9.1"
#: Interest on the loans held at the start of the turn; a further loan if short, else all cash and one left.
INTEREST = "§10.8"
#: As many loans as possible are repaid while the treasury holds £50.
REDEEM = "§10.9"
#: A company without a train must buy one, with loans if needed; one left if it cannot even with the most loans.
MUST_BUY = "§10.10"
#: Buying a train: below the train limit (a System may trade in at its limit), the next new train from the Bank
#: or any from the Pool at face value; loans only for a company without a train, from the Bank.
TRAIN_PURCHASE = "§10.10, §10.2"
#: A System's trade-in: the old train's value in Table 4 off the new train's price, the old train to the Pool, the
#: new one from the Bank (Table 4's values, not the appendix's "25 %": docs/money-18bf.md).
TRADE_IN = "§10.10, Table 4"
#: From phase 5 a card is bought as its passenger or its goods train, for good, even back in the Pool.
TRAIN_SIDE = "§10.10"
#: The first train of a card starts its phase: trains it makes obsolete rust, limits fall, excess is discarded.
TRAIN_PHASE = "§8, §10.10, Table 4"
#: A company's run: the highest legal earnings are declared (route trains and G-trains, §10.6).
RUN = "§10.6"
#: A company ending its turn without a train, or failing its interest, moves one left: up to three a round.
CLOSURE_MOVES = "§11"
#: The Merger Round: phases 3-8, companies act in operating order, every party agrees.
MERGER_ROUND = "§12, §12.1"
#: Conversion of a minor priced 100-165: the public at the minor's price, the owner the Director's Certificate.
CONVERSION = "§12.2"
#: Merging 2-10 minors (at most 6 from one player), connected; price highest + lowest rounded down, at most 200.
MINOR_MERGER = "§12.3"
#: The director of a merger: most shares, ties to the owner of the minor that operated earliest; two markers.
MERGER_DIRECTOR = "§12.3"
#: Forming the public: assets and loans pass, the share offering, at least one player with two shares.
FORMING = "§12.4"
#: Takeover of a minor by a connected public with a treasury share.
TAKEOVER = "§12.5"
#: System formation a-d: price, exchange, trades up and down, the Pool, markers, the director and four shares.
SYSTEM = "§12.6"
#: Game end: one space left per loan; minors worth twice their price; privates at face value.
GAME_END = "§13"
