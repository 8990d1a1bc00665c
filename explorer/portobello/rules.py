"""The rules of Portobello Market, one entry per rule, in rulebook order.

Texts are our own paraphrases. ``source`` names the seed (``001_34c637104103af06.txt``, the Portuguese
rulebook, by page) or ``DECISIONS.md`` where we had to decide. ``term_pt`` keeps the seed's Portuguese term.
Ids with ``.assume.`` are our decisions where no source settles the point.
"""

from explorer.core import Rule, RuleTable

SEED = "seed 001"

RULES = RuleTable([
    # ---- the board -----------------------------------------------------------------------------------------
    Rule("portobello.board.market", "Squares, lanes and districts",
         "Eleven squares are joined by lanes. Each lane has room for 2 to 6 stalls, each space printed with 1, 2 "
         "or 3 points. The lanes enclose districts, and each district has one spot where the bobby can stand.",
         f"{SEED} p. 1", "praça; ruela; bairro; casa para o bobby"),
    Rule("portobello.assume.board-reconstruction", "The board is a reconstruction",
         "No transcription of the printed board is public. The shipped board keeps every fact the rules state "
         "(11 squares, 22 lanes of 2-6 spaces worth 1-3, 12 triangular districts) but its layout and values are "
         "our own; load your own board file to play on the printed one.", "DECISIONS.md Portobello 1",
         "tabuleiro de jogo"),
    # ---- setup ---------------------------------------------------------------------------------------------
    Rule("portobello.setup.stalls", "Stalls by player count",
         "Each player takes the stalls of one colour: 30 each with 2 players (red and yellow), 20 each with 3 "
         "(red, yellow, green), 16 each with 4 (all four colours). The box holds 30 red, 30 yellow, 20 green "
         "and 16 blue.", f"{SEED} p. 1", "banca"),
    Rule("portobello.setup.action-tokens", "Three action tokens, face up",
         "Each player puts their action tokens 2, 3 and 4 face up under the awning of their shop board.",
         f"{SEED} p. 1", "ficha de acção; tolde"),
    Rule("portobello.setup.neutral-stack", "The neutral token stack",
         "The eight neutral action tokens are stacked face up beside the board: 3, 3, 2, 2, 1, 1, 1, 1 from the "
         "top down.", f"{SEED} p. 1", "fichas de acção neutras"),
    Rule("portobello.setup.bag", "Customers in the bag",
         "The 5 grey servants and the 5 pink citizens go in the bag; the black Lord and the bobby wait beside "
         "the board.", f"{SEED} p. 1", "cliente; criado; cidadão; lorde; saco"),
    Rule("portobello.setup.scores", "Scores start at 10",
         "Every scoring marker starts on space 10 of the scoring track.", f"{SEED} p. 1",
         "marcador de pontos; grelha de pontuação"),
    Rule("portobello.setup.start-player", "Start player and turn order",
         "The player who was last in London starts; play goes clockwise. The engine calls the start player seat 0.",
         f"{SEED} p. 2", "primeiro jogador"),
    Rule("portobello.setup.bobby", "The bobby's first district",
         "Before the first turn, the start player's right-hand neighbour (the player who plays last) puts the "
         "bobby in any district.", f"{SEED} p. 2; DECISIONS.md Portobello 6", "bobby"),
    # ---- the turn ------------------------------------------------------------------------------------------
    Rule("portobello.turn.token", "Choose an action token",
         "On their turn a player picks one of their face-up action tokens; its number is how many actions they "
         "take, in any order and any mix: build a stall, place a customer, or (once the tenth customer is out) "
         "place the Lord.", f"{SEED} p. 2", "ficha de acção"),
    Rule("portobello.turn.flip", "Used tokens turn face down",
         "At the end of the turn the used token goes back under the awning face down. When all three of a "
         "player's tokens are face down, they turn all three face up again.", f"{SEED} p. 2", "face oculta"),
    Rule("portobello.assume.forfeit", "Use the actions while you can; the rest are lost",
         "A player must take as many actions as the token shows while any is possible: the turn cannot end while "
         "a stall can still be built around the bobby or a customer drawn. Once no action is possible where the "
         "bobby stands (no stall to build there, no customer left), the rest are lost and the player may end the "
         "turn. Moving the bobby to find more building room is allowed but never forced, and placing the Lord "
         "is never forced either.",
         "DECISIONS.md Portobello 4", "acção"),
    # ---- building ------------------------------------------------------------------------------------------
    Rule("portobello.build.bobby-district", "Build only around the bobby",
         "A stall can only be built on a lane that bounds the district where the bobby stands.", f"{SEED} p. 2",
         "construir uma banca"),
    Rule("portobello.build.first-at-end", "The first stall goes at an end",
         "The first stall of an empty lane goes on the space at either end of it, as the player chooses.",
         f"{SEED} p. 2", "extremidade"),
    Rule("portobello.build.contiguous", "Later stalls continue the row",
         "Every later stall of a lane goes directly next to the stalls already there, continuing from the end "
         "where the first one was built. Anyone may extend any lane.", f"{SEED} p. 2", "ao lado"),
    Rule("portobello.build.lane-full", "A full lane takes no more stalls",
         "A lane whose spaces all hold stalls cannot be built on.", f"{SEED} p. 2", "casa livre"),
    Rule("portobello.build.supply", "Only with stalls in hand",
         "A player who has built all their stalls cannot build any more.", f"{SEED} p. 1, p. 4", "banca"),
    # ---- customers and the Lord ---------------------------------------------------------------------------
    Rule("portobello.customer.draw", "Draw a customer blind",
         "To place a customer the player draws one from the bag without looking: a servant or a citizen. This "
         "is a chance step.", f"{SEED} p. 2", "tirar sem espreitar"),
    Rule("portobello.customer.place", "Place it on an empty square",
         "The drawn customer goes on any empty square the player chooses; the bobby need not be near it. It "
         "must be placed before the player does anything else.", f"{SEED} p. 2; DECISIONS.md Portobello 4",
         "casa desocupada"),
    Rule("portobello.customer.bag-empty", "No customer left",
         "Once the bag is empty (the tenth customer is out), no more customers can be drawn.", f"{SEED} p. 4",
         "saco"),
    Rule("portobello.lord.place", "Placing the Lord",
         "Once the tenth customer is on the board, a player may place the Lord on the last free square. It "
         "counts as one action, and it is optional: a player never has to spend an action on the Lord.",
         f"{SEED} p. 4 (\"pode-se colocar\")", "colocar o lorde"),
    # ---- the bobby -----------------------------------------------------------------------------------------
    Rule("portobello.bobby.move", "Moving the bobby",
         "During their turn a player may move the bobby as often as they like; it is not an action. The bobby "
         "goes from district to district across lanes, never over squares, and each lane crossed is paid for "
         "separately.", f"{SEED} p. 2-3", "mudança do bobby"),
    Rule("portobello.assume.bobby-after-token", "The bobby moves after the token is chosen",
         "We let the bobby move once the player has picked an action token (and after the last action, to "
         "place it for the next player). A turn spent scoring a district cannot move it anyway, so nothing a "
         "player could do is lost.", f"{SEED} p. 2, p. 4 (our reading)", "a qualquer momento"),
    Rule("portobello.bobby.toll", "The toll for each lane",
         "For each lane crossed the mover pays: nothing if their colour alone has the most stalls there; 1 point "
         "that no one receives (it is lost) if the lane has no stalls or they share the most stalls with someone; "
         "otherwise 1 point to each player who has the most stalls there (so 2 points if two others tie for the "
         "most).",
         f"{SEED} p. 3; DECISIONS.md Portobello 3", "pagar em pontos; maioria relativa"),
    Rule("portobello.assume.toll-limit", "No paying below zero",
         "A player may not cross a lane whose toll is more than their score; scores never go below 0.",
         "DECISIONS.md Portobello 3", "marcador de pontuação"),
    Rule("portobello.bobby.rim", "The outer lanes cannot be crossed",
         "The bobby stays on the market: it crosses only lanes between two districts, never a lane on the "
         "board's edge.", f"{SEED} p. 2 (figure); board facts", "bairro vizinho"),
    # ---- scoring -------------------------------------------------------------------------------------------
    Rule("portobello.score.lane", "A lane scores when full and served",
         "The moment a lane is full of stalls and both squares at its ends hold a customer (or the Lord), it "
         "scores once: every player with stalls on it scores the points printed under their stalls, times the "
         "multiplier, whoever has the majority.", f"{SEED} p. 2-3", "avaliação das ruelas"),
    Rule("portobello.score.multiplier", "The customers set the multiplier",
         "The pair of customers at a lane's ends multiplies its points: two servants x1, a servant and a citizen "
         "x2, two citizens x3, the Lord and a servant x3, the Lord and a citizen x4.", f"{SEED} p. 3",
         "multiplicar"),
    Rule("portobello.score.district", "Scoring a district instead of a turn",
         "Instead of a normal turn a player may put their face-up 2 or 4 action token on a district; they score "
         "their own stalls on its three lanes (full or not) times the token's number, and do nothing else that "
         "turn: no building, no customers, no bobby.", f"{SEED} p. 4", "marcar um bairro"),
    Rule("portobello.assume.district-token-face-up", "Only a face-up token scores a district",
         "The 2 or 4 laid on a district must be face up under the player's awning, not used since the tokens last "
         "turned up. The seed says the token is laid on the district face up; we also read it as an unused "
         "token, like the tokens chosen for actions.", f"{SEED} p. 4 (\"face visível\", our reading)",
         "face visível"),
    Rule("portobello.score.district-once", "One token per district",
         "A district that already holds an action token cannot be scored again, by anyone.", f"{SEED} p. 4",
         "uma ficha de acção por bairro"),
    Rule("portobello.score.district-neutral", "The neutral token replaces it",
         "After scoring a district the player takes the top neutral token of the stack in place of the one "
         "played and uses it as an action token from then on; neutral tokens never score districts, so each "
         "player scores at most two districts (once with the 2, once with the 4).", f"{SEED} p. 4",
         "ficha neutra"),
    Rule("portobello.assume.neutral-face-down", "The new neutral token arrives face down",
         "The neutral token taken after a district scoring goes under the awning face down, as the token used "
         "this turn would have, so the three-token cycle carries on unchanged.", f"{SEED} p. 2, p. 4 (our reading)",
         "face oculta"),
    # ---- the end -------------------------------------------------------------------------------------------
    Rule("portobello.end.last-stall", "The last stall ends the game",
         "When a player builds their last stall, the round is played to its end (up to the player before the "
         "start player) and the game ends.", f"{SEED} p. 4; DECISIONS.md Portobello 5", "fim do jogo"),
    Rule("portobello.assume.no-stall-possible", "The game ends when no stall can be built any more",
         "If, at the end of a round, no customer is left to draw and no player can build another stall (nobody "
         "has stalls left, or every lane is full, or no free space lies on a lane around a district the player "
         "can move the bobby to with their points), the game ends there, with the Lord's scoring.",
         "DECISIONS.md Portobello 5", "fim do jogo"),
    Rule("portobello.end.lord-scoring", "The Lord's scoring",
         "At the end, if the Lord is on the board, every lane leading from the Lord's square that is not yet "
         "full scores now: its stalls score as if the lane were full, with the Lord and the customer at the "
         "other end setting the multiplier. Without the Lord on the board there is no Lord's scoring.",
         f"{SEED} p. 4", "avaliação do lorde"),
    Rule("portobello.end.winner", "Most points wins; ties share",
         "The player with the most points wins; tied players all win.", f"{SEED} p. 4", "empatados"),
    # ---- variant -------------------------------------------------------------------------------------------
    Rule("portobello.option.customer-queue", "Variant: customers in a visible queue",
         "For less luck, the 10 customers are laid out in a random order beside the board at the start, with "
         "the Lord last; whoever places a customer takes the first one of the queue.", f"{SEED} p. 4",
         "variante; fila"),
])
"""Every Portobello Market rule by id (``portobello.<topic>.<rule>``)."""
