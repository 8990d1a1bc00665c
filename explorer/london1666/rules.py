"""The rules of The Great Fire of London 1666, one entry per rule, in rulebook order.

Texts are our own paraphrases. ``source`` names the seed (``000_1cab2226d022c977.txt``, the Portuguese
translation of the rulebook, by page) or ``DECISIONS.md`` where we had to decide. ``term_pt`` keeps the
seed's Portuguese term. Ids with ``.assume.`` are our decisions where no source settles the point.
"""

from explorer.core import Rule, RuleTable

SEED = "seed 000"

RULES = RuleTable([
    # ---- the board -----------------------------------------------------------------------------------------
    Rule("london.board.districts", "Districts, regions and house icons",
         "The map is split into districts in four regions (purple, blue, green, orange). Each district that can "
         "burn shows 1 to 5 house icons; fields and gardens show none.", f"{SEED} p. 2", "distrito; região"),
    Rule("london.board.green-zone", "Green zones never burn",
         "Fields and gardens (green zones) hold no houses and fire can never enter them. Pawns and trained "
         "bands may walk through them.", f"{SEED} p. 2, p. 8, p. 9", "zona verde"),
    Rule("london.board.diagonal", "Crosses allow diagonal steps",
         "Where a cross joins two districts that only touch at a corner, fire may step diagonally, using a card "
         "of either of the two directions (a north-east step takes a north or an east card).",
         f"{SEED} p. 2, p. 5 (example 1)", "cruz"),
    # ---- setup ---------------------------------------------------------------------------------------------
    Rule("london.setup.fire-start", "The fire starts in Pudding Lane",
         "Put 25 fire cones in Pudding Lane; the rest form the supply beside the board.", f"{SEED} p. 3",
         "cone de fogo"),
    Rule("london.setup.deal", "Deal five movement cards",
         "Shuffle the 60 movement cards and deal 5 to each player. A player dealt five cards of the same "
         "direction returns them and is dealt five new ones, as often as needed.", f"{SEED} p. 3",
         "carta de movimento"),
    Rule("london.setup.fire-deck", "Build the fire deck",
         "Use one fire card per player, from A upwards. Lay A down, put movement cards on it, then B with its "
         "movement cards, and so on; the cards left over go back in the box (12 with 3 players, 8 with 4, 5 "
         "with 5, none with 6).", f"{SEED} p. 3", "carta de fogo"),
    Rule("london.setup.houses", "Houses are placed at random",
         "Region by region, starting with the orange one (the Tower's), mix 5 houses of each of the six colours "
         "and fill every district's house icons with houses drawn blind. All 120 houses are used whatever the "
         "number of players.", f"{SEED} p. 3 (example 2)", "casa"),
    Rule("london.setup.colours", "Each player gets a colour",
         "Deal one of the six colour cards to each player, who takes the owner pawn of that colour. Houses of "
         "colours nobody plays stay on the board as neutral houses.", f"{SEED} p. 3", "carta de cor"),
    Rule("london.setup.tokens", "Tokens on the yellow names",
         "Shuffle the 20 tokens face down (10 demolition charges, 6 double moves, 4 one-point tokens) and put "
         "one on each district whose name is on a yellow background.", f"{SEED} p. 1, p. 4", "ficha"),
    Rule("london.setup.objectives", "Three secret objectives",
         "Each player is dealt one objective card from each of the decks I, II and III, each naming a district "
         "to protect.", f"{SEED} p. 4", "carta de objectivo"),
    Rule("london.setup.trained-bands", "Placing the trained bands",
         "Six trained bands start on the board, never in the green region. With 4 players two start in Hounds "
         "Ditch and St Botolph's and with 5 players one starts in Cripplegate; the rest are placed one at a "
         "time by the players in turn from the start player (two rounds with 3 players).", f"{SEED} p. 2, p. 4",
         "cone de grupo especializado"),
    Rule("london.setup.pawns", "Placing the owner pawns",
         "From the start player, each player puts their owner pawn in any district outside the green region "
         "(green zones of the other regions are allowed). Any number of pawns may share a district.",
         f"{SEED} p. 4", "peão de proprietário"),
    Rule("london.setup.hero", "The Hero of London waits beside the board",
         "The Hero of London card starts beside the board, owned by nobody.", f"{SEED} p. 5",
         "herói de londres"),
    # ---- phase 1: spreading the fire ------------------------------------------------------------------------
    Rule("london.turn.phases", "The three phases of a turn",
         "A turn is: spread the fire, take up to four action points of actions, then draw back to five cards "
         "(which may intensify the fire). Then the player to the left plays.", f"{SEED} p. 5, p. 9", "turno"),
    Rule("london.fire.card", "Play a movement card",
         "To spread the fire the active player must play one movement card from their hand; its arrow gives "
         "the direction.", f"{SEED} p. 5", "carta de movimento"),
    Rule("london.fire.source", "Take a cone from a fire of two or more",
         "The moving cone comes from a burning district holding at least 2 fire cones whose fire is not "
         "contained; the last cone of a district never moves.", f"{SEED} p. 5, p. 7; DECISIONS London 6",
         "cone de fogo"),
    Rule("london.fire.travel", "The cone travels through the fire",
         "The cone may pass through any number of connected burning districts whose fire is not contained, in "
         "any direction.", f"{SEED} p. 5, p. 7; DECISIONS London 6", "expandir o incêndio"),
    Rule("london.fire.direction", "The last step follows the card",
         "The cone's move ends as soon as it enters a district without fire, and that step must go in the "
         "card's direction (diagonals through a cross count for both their directions).",
         f"{SEED} p. 5, p. 7 (examples 3 and 4)", "direcção"),
    Rule("london.fire.destination", "Where fire can never go",
         "Fire never enters a green zone or a demolished district (a firebreak), and never passes through a "
         "district whose fire is contained.", f"{SEED} p. 7, p. 8, p. 10", "corta-fogos"),
    Rule("london.fire.priority", "Fire goes where it does most harm",
         "Among all the places the chosen cone can reach with the card, it must go to the highest of these "
         "levels that is available: 1 a district with houses and no trained band; 2 houses and a trained band; "
         "3 burnt out (no houses) without a band; 4 burnt out with a band.", f"{SEED} p. 6-7 (example 4)",
         "prioridade de movimento"),
    Rule("london.fire.bands-cover", "Trained bands hold the arriving fire",
         "If a free trained band stands where the cone arrives, it covers the cone at once: the fire is "
         "contained and the houses do not burn.", f"{SEED} p. 7, p. 10", "conter o incêndio"),
    Rule("london.fire.contained", "Contained fires",
         "A district's fire is contained when it has at least as many trained bands as fire cones (every cone "
         "covered). Fire cannot spread from it or through it. Bands beyond the cones are free.",
         f"{SEED} p. 7, p. 10; DECISIONS London 5", "contido"),
    Rule("london.fire.burn", "Houses burn",
         "When fire enters a district with houses and no free band, all its houses go to their owners' score "
         "tracks and the district ends up with as many fire cones as it has house icons (supply permitting). A "
         "burnt-out district that fire enters again gets only the arriving cone.",
         f"{SEED} p. 8 (example 5); DECISIONS London 7", "casas ardidas"),
    Rule("london.fire.tokens", "Taking tokens",
         "When the houses of a district holding a token burn, the active player takes the token face down.",
         f"{SEED} p. 8; DECISIONS London 7", "receber fichas"),
    Rule("london.fire.pudding-lane-refill", "Pudding Lane never runs out",
         "When Pudding Lane is down to its last cone (so none can move from it), 5 cones from the supply are "
         "added to it at once.", f"{SEED} p. 5; DECISIONS London 6", "pudding lane"),
    Rule("london.fire.double-move", "Double-move token",
         "Once per turn, a player holding a double-move token may use it with the card to move a second cone "
         "in the same direction, each move following all the spreading rules, in the order the player likes. "
         "A token taken during this spreading phase can be used at once. A used token goes back to the box.",
         f"{SEED} p. 6, p. 8", "movimento duplo"),
    Rule("london.fire.no-move", "When the fire cannot move",
         "If no card in hand allows any spread, the player shows their hand, discards one card and adds three "
         "fire cones following the intensifying rules.", f"{SEED} p. 6", "sem movimento possível"),
    Rule("london.fire.own-houses", "Your own houses can burn",
         "A move that burns the active player's own houses is legal, and must be played if it is the only one.",
         f"{SEED} p. 6"),
    Rule("london.fire.supply", "An empty supply places no cones",
         "Cones are only placed while the supply has any; when it is empty, no more are placed.",
         "DECISIONS London 3", "reserva"),
    # ---- phase 2: actions --------------------------------------------------------------------------------------
    Rule("london.actions.points", "Four action points",
         "In the action phase the active player has 4 action points; actions may repeat. Unused points are lost.",
         f"{SEED} p. 9", "pontos de acção"),
    Rule("london.actions.move-pawn", "Move your owner pawn",
         "For 1 action point the active player moves their own pawn to a connected district (diagonals through "
         "crosses allowed; burning and demolished districts, green zones, the Fleet and the wall are no "
         "obstacle).", f"{SEED} p. 9; DECISIONS London 2", "mover o peão"),
    Rule("london.actions.move-band", "Move a trained band",
         "For 1 action point the active player moves one free trained band to a connected district.",
         f"{SEED} p. 9", "mover um grupo de bombeiros"),
    Rule("london.actions.band-stops", "A band entering an uncontained fire stops to cover it",
         "A trained band that enters a district with an uncovered fire cone stops and covers that cone.",
         f"{SEED} p. 9", "conter"),
    Rule("london.actions.covering-bands", "Covering bands stay put",
         "A trained band covering a fire cone cannot move; only free bands (more bands than cones) can.",
         f"{SEED} p. 9; DECISIONS London 5"),
    Rule("london.actions.pudding-lane", "Nobody enters Pudding Lane",
         "Neither owner pawns nor trained bands may ever enter Pudding Lane.", f"{SEED} p. 9"),
    Rule("london.actions.extinguish", "Put out a contained fire",
         "For 1 action point, if the active player's pawn stands in a district whose fire is contained, they "
         "remove one fire cone and keep it (1 VP each).", f"{SEED} p. 10 (example 6)", "apagar fogo"),
    Rule("london.actions.hero", "The Hero of London",
         "The first player to have put out 3 cones takes the Hero of London card; whoever later has put out "
         "more cones than its holder takes it from them.", f"{SEED} p. 10", "herói de londres"),
    Rule("london.actions.demolish", "Demolish with a charge",
         "A player holding a demolition charge may, at no action-point cost, blow up a district where a free "
         "trained band stands, if it touches a district with fire (Pudding Lane included), holds no fire, and "
         "has fewer than 3 house icons unless its houses have already burned. Its houses go to the owners' "
         "tracks, a token lying there is removed, and the district becomes a firebreak. Several charges may be "
         "used in a turn.", f"{SEED} p. 9-11", "demolir distritos; carga de demolição"),
    Rule("london.actions.end", "End the action phase",
         "The active player may stop taking actions at any time; the phase also ends when no point is left "
         "and no charge can be used.", f"{SEED} p. 9"),
    # ---- phase 3: drawing and intensifying -------------------------------------------------------------------
    Rule("london.draw.refill", "Draw back to five cards",
         "The active player draws movement cards from the fire deck until they hold five again.",
         f"{SEED} p. 9", "biscar uma carta"),
    Rule("london.draw.intensify", "A fire card intensifies the fire",
         "Drawing the last movement card above a fire card reveals it: every district except Pudding Lane "
         "whose fire is not contained gets up to 3 more cones, never beyond its house icons + 2.",
         f"{SEED} p. 9; DECISIONS London 4", "intensificar o incêndio"),
    Rule("london.end.extra-turn", "One last turn each",
         "Once the last fire card has intensified the fire, every player has one more turn without drawing; "
         "then the game ends with four cards in each hand.", f"{SEED} p. 9, p. 11", "fim do jogo"),
    # ---- scoring ------------------------------------------------------------------------------------------
    Rule("london.score.houses", "Lost houses cost 2 points each",
         "Each player starts at 40 points on their track and loses 2 for every house of their colour burned "
         "or demolished.", f"{SEED} p. 8 (example 5), p. 11; DECISIONS London 8", "grelha de pontuação"),
    Rule("london.score.extinguished", "Extinguished cones", "Each fire cone a player put out is worth 1 point.",
         f"{SEED} p. 10, p. 11"),
    Rule("london.score.objectives", "Surviving objectives",
         "Each objective card scores its value if its district survived: it still has houses and no uncovered "
         "fire cone.", f"{SEED} p. 11; DECISIONS London 8", "objectivo"),
    Rule("london.score.tokens", "One-point tokens", "Each one-point token is worth 1 point.", f"{SEED} p. 11"),
    Rule("london.score.hero", "Hero of London bonus", "The holder of the Hero of London card scores 2 points.",
         f"{SEED} p. 11"),
    Rule("london.score.tie-break", "Breaking ties",
         "On equal points the player who put out more cones wins; then the one with more houses left on the "
         "map; then the one with more objective points; otherwise the players share the win.", f"{SEED} p. 11",
         "empate"),
    # ---- optional rules ------------------------------------------------------------------------------------------
    Rule("london.option.hidden-colours", "Optional rule A: hidden colours",
         "Colour cards stay secret; each player draws an owner pawn at random and plays with it as their own. "
         "The real colours are revealed and scored at the end. (The explorer names each player by their pawn; "
         "their score always counts the houses of their secret colour.)", f"{SEED} p. 11", "cores ocultas"),
    Rule("london.option.more-destruction", "Optional rule B: more destruction",
         "After the last fire card, every player has two more turns instead of one, ending with three cards.",
         f"{SEED} p. 11", "mais destruição"),
    # ---- our decisions ---------------------------------------------------------------------------------------------
    Rule("london.assume.board-reconstruction", "The board is a reconstruction (assumption)",
         "No public transcription of the printed board exists. The shipped board is laid out after the City in "
         "1666 and satisfies every fact the rules state; load your own printing with Board.from_file.",
         "DECISIONS London 1"),
    Rule("london.assume.fire-cards-per-players", "One fire card per player (assumption)",
         "The fire cards used run from A to the letter of the player count (A-C for 3 players); the rest of "
         "the movement cards are shared evenly between them (11, 8, 6 or 5 each for 3-6 players).",
         "DECISIONS London 4 (the seed's '3 players: A to F' read as a slip)"),
    Rule("london.assume.fire-cones", "100 fire cones (assumption)",
         "The supply holds 100 cones as the seed says; the first English printing had 65 (option fire_cones).",
         "DECISIONS London 3"),
    Rule("london.assume.movement-cards", "60 movement cards, 15 per direction (assumption)",
         "The movement deck has 60 cards, 15 of each direction.", "DECISIONS London 3"),
    Rule("london.assume.house-colours", "The six colours (assumption)",
         "The six colours are named red, blue, green, yellow, white and purple; the seed names blue and green "
         "players only.", "our decision"),
    Rule("london.assume.start-player", "Seat 1 starts (assumption)",
         "Players are listed in turn order and the first listed is the start player (the seed lets the table "
         "choose).", f"{SEED} p. 4"),
    Rule("london.assume.no-move-fires", "Placing the three cones of a blocked fire (assumption)",
         "The three cones of a blocked fire are placed one by one by the active player, each in a district "
         "other than Pudding Lane whose fire is not contained and is below its cap; those that cannot be "
         "placed are lost.", f"{SEED} p. 6"),
    Rule("london.assume.hidden-pawns", "Hidden colours: pawns of the colours in play (assumption)",
         "With optional rule A the pawns drawn at random are those of the colours dealt, one each.",
         f"{SEED} p. 11"),
    Rule("london.assume.intensify-order", "Intensifying with a short supply (assumption)",
         "If the supply runs short while intensifying, districts are served in board order.",
         "DECISIONS London 3"),
])
"""The rules table of The Great Fire of London 1666."""
