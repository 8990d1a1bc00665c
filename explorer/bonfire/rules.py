"""The rules of Bonfire, one entry per rule, in play order: setup, the turn, the actions, the end, the scoring,
then the specialists' abilities.

Texts are our own paraphrases. ``source`` names seed 002 (the Portuguese summary, by its section: "Setup 1" to
"Setup 10" and "Setup A" to "Setup F", "Desenvolvimento", "Colocar uma Régua", "Barco", "Tarefa", "Reclamar um
Guardião", "Procissão", "Caminho", "Grande Bonfire", "Gnomos", "Atear um Bonfire", "Ação de bónus", "Fim do
jogo", "Pontuação final"), ``sources A.x`` (part A of ``shared/rules/bonfire_flashpoint_sources.md``) or
``DECISIONS.md Bonfire``. The seed is binding where it speaks; the sources fill in what it leaves out.
``term_pt`` keeps the seed's Portuguese term. Ids with ``.assume.`` are our decisions where the sources are
silent or ambiguous. A specialist's rule id is ``bonfire.specialist.<card id>`` with the card id's underscores
written as hyphens (``fate_echo``: ``bonfire.specialist.fate-echo``).

>>> RULES["bonfire.fate.adjacent"].title
'Next to a placed fate tile'
>>> len(RULES.assumptions()) >= 15
True
"""

from explorer.core import Rule, RuleTable

SEED = "seed 002"
SRC = "sources"
DEC = "DECISIONS.md Bonfire"


def specialist_rule_id(card_id: str) -> str:
    """The rule id of a specialist card's ability (``fate_echo`` -> ``bonfire.specialist.fate-echo``).

    >>> specialist_rule_id("long_stride")
    'bonfire.specialist.long-stride'
    """
    return "bonfire.specialist." + card_id.replace("_", "-")


def _specialist(card_id: str, title: str, text: str, item: int) -> Rule:
    return Rule(specialist_rule_id(card_id), title, text, f"{SRC} A.5 #{item}", "Gnomo Especialista")


RULES = RuleTable([
    # ---- the components ------------------------------------------------------------------------------------------
    Rule("bonfire.assume.own-components", "The components are our own data",
         "No transcription of the printed islands, currents, task discs, council seats, common tasks, elders or "
         "fate-area squares is public. The shipped data keeps every number the sources give (task discs per "
         "island, costs, 7 bonfires, 6 gnomes, 7/10/13 novices, 5 countdown rounds, the scoring values) and "
         "invents the rest in the spirit of the game; a player who owns the game can load the printed components "
         "in the same format.", DEC, "tabuleiro central; tabuleiro individual"),
    Rule("bonfire.board.islands", "Task islands and guardian islands",
         "The central board holds 10 task islands, each showing a resource, and 4 guardian islands, one per "
         "guardian colour, joined by currents a boat sails along. Four of the task islands are corner islands.",
         f"{SEED} Barco; {SRC} A.2", "ilhas; correntes"),
    Rule("bonfire.board.player", "The player board",
         "Each player board has a 5 x 5 fate area, 7 bonfires in a half-ring, each with a guardian space worth "
         "2 to 8 and a portal space, 7 spaces for task discs, and a path: the starting tile and up to 6 path "
         "tiles, each lying beside one bonfire.", f"{SEED} Setup A; {SRC} A.3; {DEC}",
         "tabuleiro individual; Fate Area"),
    # ---- setup: the central board --------------------------------------------------------------------------------
    Rule("bonfire.setup.task-discs", "Task discs on the islands",
         "Task discs are dealt onto the task islands: 3 on every island with 4 players; with 3 players 2 on "
         "each of the 4 corner islands and 3 on the others; 2 on every island with 2 players (30, 26 or 20 "
         "discs).", f"{SEED} Setup 1", "discos de tarefas"),
    Rule("bonfire.assume.task-deal", "Task discs are dealt at random",
         "The seed does not say which discs go out: the 66 task discs are shuffled and dealt at random, "
         "condition side up, as a chance step; the rest stay in the box.", DEC, "discos de tarefas"),
    Rule("bonfire.setup.guardians", "Guardians on their islands",
         "The 4 guardians of each colour (pink, grey, brown, blue) stand on the guardian island of their "
         "colour.", f"{SEED} Setup 2", "Guardiões; rosa; cinza; castanho; azul"),
    Rule("bonfire.setup.countdown", "The countdown stack",
         "The countdown discs are stacked in ascending order from the bottom, the 5 on top, beside the board.",
         f"{SEED} Setup 3", "discos ovais marcadores da fase de countdown"),
    Rule("bonfire.setup.gnomes", "Elders and specialists on display",
         "Six elder cards are laid out on one side of the board and six specialist cards on the other; the "
         "remaining specialists form a face-down reserve beside them.", f"{SEED} Setup 4",
         "cartas Elders; cartas Specialists; monte de reserva"),
    Rule("bonfire.setup.portals", "Portals around the Great Bonfire",
         "The portals are shuffled and spread over the 7 spaces around the Great Bonfire. With 1 or 2 players, "
         "7 portals, one of each symbol, are removed from the game first.", f"{SEED} Setup 5; {SRC} A.2",
         "fichas de Portal; Grande Bonfire"),
    Rule("bonfire.setup.pointer", "The pointer faces south",
         "The pointer of the Great Bonfire starts pointing south.", f"{SEED} Setup 6",
         "dispositivo rosa; apontar para sul"),
    Rule("bonfire.setup.path-tiles", "Path piles and the display",
         "The path tiles are shuffled into 2 or 3 face-down piles below the board, and 4 of them are turned "
         "face up on the display spaces.", f"{SEED} Setup 7", "fichas de caminhos; face oculta"),
    Rule("bonfire.setup.neutral-novices", "Neutral novices guard the common tasks",
         "One neutral (brown) novice is put on each of the 5 common-task spaces above the Great Bonfire's "
         "council.", f"{SEED} Setup 8", "gnomes neutros; tarefas comuns"),
    Rule("bonfire.setup.boats", "Boats at the entrance",
         "Every player's boat starts at the entrance of the island area, which is not an island.",
         f"{SEED} Setup 9", "barco; entrada da zona das ilhas"),
    Rule("bonfire.setup.scores", "Scores start at 0",
         "Every score disc starts beside space 0 of the scoring track, with the player's 50-point tile beside "
         "it, zero side up, to be turned when the score passes 50.", f"{SEED} Setup 9",
         "escala de pontuação; ficha de 50 pontos"),
    Rule("bonfire.setup.supply", "The general supply",
         "The action tiles (7 types: 12 yellow, 10 of each other type) and the resources (6 kinds) form the "
         "general supply beside the board.", f"{SEED} Setup 10; {SRC} A.2", "fichas de ação; recursos"),
    Rule("bonfire.assume.supply-runs-out", "An empty supply gives nothing",
         "The supply of action tiles is limited. A gain of an action tile that the supply no longer holds is lost; "
         "nothing else is given in its place.", DEC, "reserva geral"),
    Rule("bonfire.assume.resources-unlimited", "Resources do not run out",
         "The sources give no count of resources, so the resource supply is treated as unlimited; only the action "
         "tiles (12 yellow, 10 of each other type) can run out.", DEC, "recursos"),
    # ---- setup: each player ----------------------------------------------------------------------------------
    Rule("bonfire.setup.start-tile", "Starting path tile and own guardian",
         "Each player fits the starting path tile to the left of their board and stands the guardian of their "
         "own colour on it.", f"{SEED} Setup A", "ficha de caminho inicial; guardião da sua cor"),
    Rule("bonfire.setup.novices", "Novices beside the bonfires",
         "Each player puts one novice of their colour beside each of the 7 bonfires (by each portal entrance) "
         "of their board.", f"{SEED} Setup B", "gnomo da sua cor; entrada do portal"),
    Rule("bonfire.setup.extensions", "Extensions and the start player",
         "The board extensions are shuffled and one is dealt to each player, who fits it to the right of their "
         "board. The player with the tower-dome extension is the start player; play goes clockwise.",
         f"{SEED} Setup C; {SRC} A.2", "extensões; cúpula da torre; jogador inicial"),
    Rule("bonfire.setup.offering-discs", "Offering discs in two stacks",
         "Each player's 10 offering discs go face down in two stacks of 5 on their action summary board, one at "
         "the top and one at the bottom.", f"{SEED} Setup D", "discos de Oferenda"),
    Rule("bonfire.assume.offering-face-up", "The top offering discs are face up",
         "The top disc of each offering stack is turned face up at the start and after each use, so a player "
         "sees up to two offering discs to choose from; an empty stack shows none.",
         f"{SEED} Tarefa (our reading)", "face visível"),
    Rule("bonfire.assume.offering-draw", "Offering discs are turned up at random",
         "A player's face-down offering discs are shuffled; the disc turned up on either stack is a random one "
         "of those still face down (a chance step), which is the same as shuffling and splitting them into two "
         "stacks of 5.", f"{SEED} Setup D (our reading)", "discos de Oferenda de face oculta"),
    Rule("bonfire.setup.fate-tiles", "Fate tiles on the summary board",
         "Seven of each player's 8 fate tiles lie in a column in the middle of the action summary board; the "
         "eighth, the spare, lies in front of the player.", f"{SEED} Setup D; {DEC}",
         "réguas de Ações; Tabuleiro Resumo de Ações"),
    Rule("bonfire.setup.start-fate-tile", "Choosing the starting fate tile",
         "Before play each player decides whether their starting fate tile, in the middle of the fate area, is "
         "the spare tile or the 4th tile from the top of the summary board.", f"{SEED} Setup E",
         "Régua de Ações; Fate Area"),
    Rule("bonfire.assume.start-fate-tile", "The spare is the default starting tile",
         "Unless the player swaps, the spare is the starting fate tile; swapping puts the spare in the 4th "
         "place of the summary board. The starting tile lies where the fate area's data says (3 squares across "
         "from row 3, column 2 in the shipped data), its symbols in the order listed, and gains nothing beyond "
         "the starting action tiles.", DEC, "Régua de Ações"),
    Rule("bonfire.setup.resources", "One of each resource",
         "Each player takes 6 resources from the supply, 1 of each kind.", f"{SEED} Setup F", "recursos"),
    Rule("bonfire.setup.action-tiles", "Five starting action tiles",
         "Each player takes 5 action tiles: 2 yellow ones and the 3 shown on their starting fate tile.",
         f"{SEED} Setup F", "fichas de ações; amarelas com ponto de interrogação"),
    # ---- the turn --------------------------------------------------------------------------------------------
    Rule("bonfire.turn.options", "Three options, one per turn",
         "Turns go clockwise. On their turn a player does exactly one of: place a fate tile, perform an action "
         "paid with action tiles, or ignite a bonfire.", f"{SEED} Desenvolvimento; {SRC} A.4",
         "turno; sentido dos ponteiros do relógio"),
    Rule("bonfire.assume.one-action", "One action per turn",
         "Option II is a single action of the player's choice (the seed says one action; sources A.4 speak of "
         "actions), with the boat's extra claim as the only add-on.", f"{SEED} Desenvolvimento; {SRC} A.4",
         "Realizar uma Ação"),
    Rule("bonfire.turn.stuck", "A player who cannot act is out",
         "A player who can do none of the three options takes no more turns for the rest of the game.",
         f"{SRC} A.4", "turno"),
    Rule("bonfire.assume.everyone-out", "The game ends when nobody can play",
         "Before the countdown, a player is out at the start of a turn in which they can do none of the three "
         "options. When every player is out the game goes straight to the final scoring. In the countdown nobody "
         "is out this way, since passing is always possible.", f"{SRC} A.4 (our reading)", "turno"),
    # ---- option I: fate tiles --------------------------------------------------------------------------------
    Rule("bonfire.fate.when", "Fate tiles need an almost empty hand",
         "A fate tile may be placed only while the player holds at most 1 action tile; extra tiles may be "
         "returned to the supply at any time during the turn.", f"{SRC} A.4", "Régua de Ação"),
    Rule("bonfire.assume.return-before-fate", "Tiles are returned to make room for a fate tile",
         "Returning action tiles is offered only while the player holds more than they may when placing a fate "
         "tile and has a fate tile that fits; it does not end the turn, but it commits the turn to option I: "
         "after a return only more returns or a fate placement are allowed. Returning for any other purpose could "
         "only lose points, so it is not offered.", f"{SRC} A.4 (our reading)", "Régua de Ação"),
    Rule("bonfire.fate.top-or-bottom", "The top or the bottom tile",
         "The fate tile placed is the top or the bottom one left on the player's action summary board; each "
         "fate tile is placed only once.", f"{SEED} Colocar uma Régua", "a mais de cima ou a mais de baixo"),
    Rule("bonfire.fate.orientation", "Across or down",
         "A fate tile is a strip of 3 squares and lies either horizontally or vertically on the fate area.",
         f"{SEED} Colocar uma Régua; {SRC} A.3", "na vertical ou horizontal"),
    Rule("bonfire.assume.fate-reversed", "A fate tile may be turned end for end",
         "A fate tile may be laid either way round along its row or column (turned by half a turn), so its "
         "symbols can run in either order; it always lies symbols up. A placement that shows the same symbols "
         "either way is counted once.", DEC, "Régua de Ação"),
    Rule("bonfire.fate.adjacent", "Next to a placed fate tile",
         "At least one square of the new fate tile must share a side with a fate tile already in the fate "
         "area.", f"{SEED} Colocar uma Régua", "adjacente"),
    Rule("bonfire.fate.inside", "Inside the fate area",
         "No square of the fate tile may stick out over the edge of the fate area.",
         f"{SEED} Colocar uma Régua", "não sair fora da Fate Area"),
    Rule("bonfire.fate.no-overlap", "No covering another fate tile",
         "A fate tile may not cover any square of a fate tile already placed, not even partly.",
         f"{SEED} Colocar uma Régua", "não cobrir outra Régua de Ação"),
    Rule("bonfire.fate.gain", "Gain the three action tiles",
         "After placing a fate tile the player takes from the supply the 3 action tiles its symbols show.",
         f"{SEED} Colocar uma Régua; {SRC} A.4", "fichas de ação correspondentes"),
    Rule("bonfire.fate.same-symbol", "Areas of the same symbol give more",
         "For each symbol of the new tile that touches a connected area of the same symbol already in the fate "
         "area, the player takes one more tile of that symbol per square of that area: a symbol next to an area "
         "of 2 equal symbols brings 3 tiles in all.", f"{SEED} Colocar uma Régua; {SRC} A.4",
         "áreas contíguas com o mesmo símbolo"),
    Rule("bonfire.assume.fate-area-bonus", "Counting touched areas",
         "Each symbol of the new tile is counted on its own against the areas placed before it: every distinct "
         "same-symbol area it touches adds its size once, however many sides touch it, and two symbols of the "
         "new tile touching the same area both count it. The new tile's own symbols never add to one another.",
         f"{DEC}; {SRC} A.4 (our reading)", "áreas contíguas com o mesmo símbolo"),
    Rule("bonfire.fate.printed", "Printed squares",
         "A fate tile covering a printed square of the fate area brings the resource or action tile printed "
         "there as well.", f"{SEED} Colocar uma Régua; {SRC} A.3", "desenho de um recurso ou ficha de Ação"),
    # ---- option II: paying for actions -----------------------------------------------------------------------
    Rule("bonfire.pay.action-tiles", "Actions cost action tiles",
         "Each action is paid with action tiles of its own type, returned to the supply: boat, task, guardian "
         "(claim or procession), path, Great Bonfire, gnome.", f"{SEED} Desenvolvimento",
         "Ficha(s) de Ação"),
    Rule("bonfire.pay.substitute-action", "Yellow tiles stand in",
         "A missing action tile may be paid with 1 yellow tile or with any 2 action tiles.", f"{SRC} A.2, A.4",
         "amarelas com ponto de interrogação"),
    Rule("bonfire.pay.substitute-resource", "Gold stands in",
         "A missing resource may be paid with 1 gold or with any 2 resources.", f"{SRC} A.2, A.4", "recursos"),
    Rule("bonfire.assume.exact-first", "Held items are paid first",
         "A cost is paid with the action tiles and resources it names as far as the player holds them; the "
         "substitution rule covers only what is then missing, and the player chooses the substitutes one missing "
         "item at a time.", f"{SRC} A.2, A.4 (our reading)", "fichas de ação; recursos"),
    Rule("bonfire.assume.substitute-pairs", "Pairs leave the wild out",
         "The 2 tiles or 2 resources given for a missing one are taken from those other than yellow (or gold): "
         "a pair with the wild in it would cost more than the wild alone.", DEC, "fichas de ação; recursos"),
    # ---- boat ----------------------------------------------------------------------------------------------
    Rule("bonfire.boat.first-move", "The first voyage",
         "A boat's first move, from the entrance, costs 1 boat tile and may go to any island.",
         f"{SEED} Barco; {SRC} A.4", "barco; primeira vez"),
    Rule("bonfire.boat.cost", "Sailing along the currents",
         "Later moves follow the currents: 1 boat tile to a neighbouring island, 2 to an island two currents "
         "away, 3 to any island. A move always ends on another island.", f"{SEED} Barco",
         "fichas de barco; ilhas vizinhas"),
    Rule("bonfire.assume.boat-two-currents", "Two tiles reach up to two currents",
         "For 2 boat tiles the boat may end on any island at most two currents away (the seed's \"two "
         "journeys\" and its \"that many times\" agree); the cost of a move is the fewest tiles that reach the "
         "island.", f"{SEED} Barco (our reading)", "dois percursos de distância"),
    Rule("bonfire.boat.extra-claim", "Claim on docking",
         "After docking, the player may at once take a task disc of that island or claim its guardian, paying "
         "that action's action tiles and resources as usual.", f"{SEED} Barco", "Ação extra; atracar"),
    Rule("bonfire.assume.dock-claim", "The claim on docking is part of the boat action",
         "Right after the boat docks, if a claim is possible there, the player either takes a task disc or the "
         "guardian of that island (paying for it as usual) or skips; either way the turn then ends.",
         f"{SEED} Barco (our reading)", "Ação extra"),
    Rule("bonfire.boat.shared", "Islands have room for every boat",
         "Any number of boats may lie at the same island.", f"{SEED} Barco", "barcos atracados"),
    # ---- task ----------------------------------------------------------------------------------------------
    Rule("bonfire.task.at-island", "Tasks are taken where the boat lies",
         "A task disc can be taken only from the task island where the player's boat is docked.",
         f"{SEED} Tarefa", "disco de Tarefa; atracado"),
    Rule("bonfire.task.tiles", "Task tiles by offering count",
         "Taking a task disc costs 1 task tile if it will be the player's first offering disc on that island, "
         "2 for the second and 3 for the third.", f"{SEED} Tarefa", "fichas de tarefa; discos de oferenda"),
    Rule("bonfire.task.resources", "Two resources for the offering",
         "Then the player picks one of their face-up offering discs and pays 2 resources: the one shown on "
         "that disc and the one shown on the island.", f"{SEED} Tarefa; {SRC} A.4", "pagar recursos"),
    Rule("bonfire.task.offering", "The offering disc takes the task's place",
         "The task disc's spot on the island is filled by the chosen offering disc, face down; the player turns "
         "up the next offering disc of that stack. The island is not refilled.", f"{SEED} Tarefa",
         "disco de oferenda voltado para baixo"),
    Rule("bonfire.task.board-space", "Seven task spaces",
         "The task disc goes on a free one of the 7 task spaces of the player board; with no free space, no "
         "task disc can be taken.", f"{SEED} Tarefa", "sete espaços"),
    Rule("bonfire.assume.task-space-bonfire", "A task space is a bonfire",
         "Each of the 7 task spaces is one bonfire of the board; the player chooses the free one when taking "
         "the disc, and that bonfire is the one lit when the task is fulfilled.", DEC, "sete espaços; Bonfire"),
    # ---- guardian ------------------------------------------------------------------------------------------
    Rule("bonfire.guardian.claim", "Claiming a guardian",
         "At a guardian island a player may claim a guardian of that island's colour, if they have none of it "
         "yet, for 1 guardian tile; she joins the player's starting path tile.", f"{SEED} Reclamar um Guardião",
         "reclamar um guardião; ficha de guardião"),
    Rule("bonfire.guardian.start-limit", "At most 5 on the starting tile",
         "No more than 5 guardians may stand on a player's starting tile at once.",
         f"{SEED} Reclamar um Guardião", "ficha de caminho inicial"),
    # ---- procession ----------------------------------------------------------------------------------------
    Rule("bonfire.procession.steps", "Steps for guardian tiles",
         "A procession costs any number of guardian tiles; each of the player's guardians may take that many "
         "steps.", f"{SEED} Procissão; {SRC} A.4", "Procissão; avanços"),
    Rule("bonfire.procession.step", "Along the path or into a bonfire",
         "Each step takes a guardian to the next path tile, or from her path tile onto the bonfire beside it; "
         "the second needs a portal between them.", f"{SEED} Procissão; {SRC} A.3", "segmento do caminho; portal"),
    Rule("bonfire.procession.one-per-space", "One guardian per space",
         "Each path tile and each bonfire holds at most one guardian (the starting tile holds several); the "
         "guardian furthest ahead moves first, and of several on one tile the player chooses which moves first.",
         f"{SRC} A.4 (rulebook p. 10)", "guardião"),
    Rule("bonfire.procession.resource", "Resources where a guardian stops",
         "A guardian who ends her movement on a path tile brings the resource shown there (gold on the "
         "starting tile); one who enters a bonfire brings nothing now but points at the end.",
         f"{SRC} A.4, A.5", "recurso"),
    Rule("bonfire.assume.procession-up-to", "Steps may be left unused",
         "Each guardian moves up to the paid number of steps: she may stop early, and stops where the path ends "
         "or the next space is taken. A guardian on a bonfire stays there.", f"{DEC}; {SRC} A.4",
         "Procissão"),
    Rule("bonfire.assume.procession-max", "At most 7 steps",
         "A procession buys at most 7 steps (6 path tiles and a step into a bonfire), and only if some guardian "
         "can move; a guardian who does not move gains nothing, so the gold of the starting tile is gained only "
         "by a move that ends there.", f"{DEC}; {SRC} A.4", "Procissão"),
    # ---- path ----------------------------------------------------------------------------------------------
    Rule("bonfire.path.build", "Building the path",
         "The player takes one of the 4 face-up path tiles, or the top tile of a face-down pile (unknown until "
         "taken), and adds it as the next tile of their path, left to right; a face-up tile taken is replaced "
         "from a pile.", f"{SEED} Caminho; {SRC} A.4 (rulebook p. 8)", "troços de caminho"),
    Rule("bonfire.assume.one-path-pile", "The path piles are one shuffled stock",
         "The 2 or 3 face-down piles are treated as one shuffled stock: a refill, or the top tile of a pile "
         "taken for a path, is a random unseen tile. "
         "Tiles put under the pile by a refresh come back, in order, only after every unseen tile is drawn, and "
         "a refresh happens only while 4 unseen tiles remain to replace them.", f"{SEED} Setup 7, Caminho (our "
         "reading)", "montes de face oculta"),
    Rule("bonfire.path.cost", "Path costs and the limit",
         "The first 3 path tiles cost 1 path tile each, the last 3 cost 2 each; a player builds at most 6.",
         f"{SEED} Caminho; {SRC} A.4", "fichas de caminho"),
    Rule("bonfire.path.refresh", "Four of a colour are replaced",
         "When the 4 face-up path tiles show the same crystal colour, all 4 go under a pile and 4 new ones are "
         "turned up.", f"{SEED} Caminho", "mesma cor"),
    # ---- Great Bonfire -------------------------------------------------------------------------------------
    Rule("bonfire.great-bonfire.turn", "Turning the pointer",
         "The first use of the Great Bonfire in the game costs 1 Great Bonfire tile and turns the pointer to "
         "any space. Later: 1 tile turns it 1 space clockwise, 2 tiles 2 spaces, 3 tiles to any space.",
         f"{SEED} Grande Bonfire; {SRC} A.4", "ponteiro; sentido dos ponteiros"),
    Rule("bonfire.assume.great-bonfire-moves", "The pointer must move",
         "After the first use every use moves the pointer: 3 tiles turn it to any other space. The first use "
         "may leave it facing south.", f"{SEED} Grande Bonfire (our reading)", "ponteiro"),
    Rule("bonfire.great-bonfire.rewards", "Two rewards of three",
         "The player then takes 2 of the 3 rewards of the space the pointer shows: its action tile; its "
         "resource or 2 points; a portal.", f"{SEED} Grande Bonfire", "prémios; pontos de vitória"),
    Rule("bonfire.great-bonfire.portal", "The portal goes rightmost",
         "A portal taken goes on the rightmost free portal space of the player board; a portal can be taken only "
         "if one on the space has that space's symbol.", f"{SEED} Grande Bonfire", "símbolo mágico"),
    Rule("bonfire.assume.portal-rightmost", "Only the rightmost free space counts",
         "The symbol asked for is that of the rightmost empty portal space alone; a portal matching another "
         "empty space cannot be taken. With every portal space full, no portal can be taken.",
         f"{SEED} Grande Bonfire (our reading)", "mais à direita"),
    # ---- gnomes --------------------------------------------------------------------------------------------
    Rule("bonfire.gnome.cost", "Recruiting a gnome",
         "A gnome card on display costs either 2 gnome tiles and the resource shown on it, or 1 gnome tile and "
         "that resource twice.", f"{SEED} Gnomos", "recrutar um gnomo"),
    Rule("bonfire.gnome.limit", "Six gnomes at most",
         "Each player recruits at most 6 gnome cards, specialists and elders together.", f"{SEED} Gnomos",
         "gnomos"),
    Rule("bonfire.gnome.after-recruit", "Refilling and elder points",
         "A recruited specialist's place is refilled from the reserve; a recruited elder scores its points at "
         "once.", f"{SEED} Gnomos", "Gnomo Especialista; Gnomo Ancião"),
    Rule("bonfire.assume.elder-no-refill", "Elders are not refilled",
         "Only specialists have a reserve: an elder's place stays empty once taken.", f"{SEED} Setup 4, Gnomos",
         "cartas Elders"),
    # ---- option III: ignite a bonfire ----------------------------------------------------------------------
    Rule("bonfire.ignite.when", "Igniting a fulfilled task",
         "When the condition of one of their task discs holds, the player may spend their turn igniting it: "
         "the disc is turned to its coloured side (blue, red or yellow).", f"{SEED} Atear um Bonfire",
         "Atear um Bonfire; lado colorido"),
    Rule("bonfire.ignite.novice", "A novice joins the council",
         "The novice beside the newly lit bonfire moves to a free council seat that holds no novice of the "
         "player's colour yet.", f"{SEED} Atear um Bonfire", "noviço; Grande Conselho de Anciãos"),
    Rule("bonfire.ignite.seat-bonus", "The seat's bonus",
         "The council has 8 seats, each with a bonus; the player gains the bonus of the seat the novice takes.",
         f"{SEED} Atear um Bonfire", "assentos; bónus"),
    Rule("bonfire.assume.seat-capacity", "A seat holds one novice per colour",
         "A council seat holds at most one novice of each player colour and at most one neutral novice.",
         f"{SEED} Atear um Bonfire, Ação de bónus (our reading)", "assentos"),
    # ---- bonus action --------------------------------------------------------------------------------------
    Rule("bonfire.bonus.common-task", "Fulfilling a common task",
         "At the end of their turn, a player who fulfils a common task announces it and moves the neutral novice "
         "guarding it to a council seat without a neutral novice, gaining that seat's bonus.",
         f"{SEED} Ação de bónus; {SRC} A.4", "tarefas públicas; noviço neutro"),
    Rule("bonfire.assume.common-task-shared", "Common tasks serve everyone",
         "Every player may fulfil each common task and scores it at the end; only the first to fulfil it moves "
         "its neutral novice.", f"{DEC}; {SRC} A.5 #19", "tarefas públicas"),
    Rule("bonfire.assume.common-task-check", "Common tasks are checked at the end of a turn",
         "At the end of each of their turns a player's board is checked against every common task they have not "
         "fulfilled yet; each one now met is recorded and scores at the end (the conditions can only grow, so it "
         "is still met then). Common tasks are checked in the order they are listed.",
         f"{SEED} Ação de bónus; {DEC}", "tarefas públicas"),
    # ---- end -----------------------------------------------------------------------------------------------
    Rule("bonfire.end.trigger", "Novices start the countdown",
         "The countdown starts when the council holds 7 novices with 2 players, 10 with 3, 13 with 4.",
         f"{SEED} Fim do jogo", "noviços; Grande Conselho de Anciãos"),
    Rule("bonfire.assume.novices-counted", "Neutral novices count",
         "Every novice in the council, neutral ones included, counts towards the end trigger.",
         f"{SEED} Fim do jogo (our reading)", "noviços"),
    Rule("bonfire.assume.countdown-start", "The round is finished first",
         "The round in which the trigger is reached is played to its end; the countdown rounds then begin with "
         "the start player.", DEC, "fase de countdown"),
    Rule("bonfire.end.countdown", "Five countdown rounds",
         "The start player puts the countdown stack on their extension. Each player ending a turn passes the "
         "round's disc to the left; when it comes back to the start player it leaves the game and the next "
         "round begins. After the fifth round (disc 1) the game is scored.", f"{SEED} Fim do jogo; {SRC} A.6",
         "disco da respetiva ronda; ronda"),
    Rule("bonfire.end.pass", "Passing in the countdown",
         "In a countdown round a player may pass instead of acting: they score the points of that round's disc "
         "and take no part in the later rounds.", f"{SEED} Fim do jogo; {SRC} A.4", "passar o seu turno"),
    # ---- final scoring -------------------------------------------------------------------------------------
    Rule("bonfire.score.bonfires", "Lit bonfires",
         "Each lit bonfire scores the points of its task disc, 2 to 8.", f"{SEED} Pontuação final",
         "Bonfire"),
    Rule("bonfire.score.guardians", "Guardians on bonfires",
         "Each guardian standing on a bonfire scores the value of that bonfire's guardian space, 2 to 8.",
         f"{SEED} Pontuação final", "Guardião ao lado de um Bonfire"),
    Rule("bonfire.score.portals", "Portals",
         "Each portal lying beside a bonfire of the player board scores 2.", f"{SEED} Pontuação final",
         "Portal adjacente"),
    Rule("bonfire.assume.portal-scoring", "Every placed portal scores",
         "Every portal space lies beside a bonfire, so each portal on the board scores 2, lit bonfire or not.",
         f"{SEED} Pontuação final (our reading)", "Portal adjacente"),
    Rule("bonfire.score.paths", "Path tiles matching their bonfire",
         "Each path tile whose crystal has the colour of the bonfire beside it scores 2.",
         f"{SEED} Pontuação final; {SRC} A.4", "Caminho com a mesma cor"),
    Rule("bonfire.assume.bonfire-colour", "Only lit bonfires have a colour",
         "A bonfire's colour is its lit task disc's; an unlit bonfire matches no path tile.",
         f"{SEED} Atear um Bonfire (our reading)", "lado colorido"),
    Rule("bonfire.score.common-tasks", "Common tasks",
         "Each common task the player fulfilled scores 4; the one for all 7 bonfires lit scores 7.",
         f"{SEED} Pontuação final", "Tarefa Pública cumprida"),
    Rule("bonfire.score.fate-tiles-left", "Fate tiles left",
         "Each fate tile still on the player's action summary board scores 3.", f"{SEED} Pontuação final",
         "Tabuleiro Resumo de Ações"),
    Rule("bonfire.score.leftovers", "Leftover tiles and resources",
         "Every 2 action tiles or resources left in the player's area score 1.", f"{SEED} Pontuação final",
         "fichas de ações; recursos"),
    Rule("bonfire.assume.leftovers-together", "Leftovers are counted together",
         "Action tiles and resources are added up before halving (rounding down): 3 tiles and 1 resource "
         "score 2.", f"{SEED} Pontuação final (our reading)", "fichas de ações/Recursos"),
    Rule("bonfire.score.winner", "The winner and the tie-break",
         "Points from play (elders, seats, the Great Bonfire, passing) and from the final scoring add up; the "
         "most points wins, and a tie goes to the player with more lit bonfires.", f"{SEED} Pontuação final",
         "empate; mais Bonfires"),
    Rule("bonfire.assume.tie-shared", "A tie that remains is shared",
         "Players still tied after the bonfire count share the victory.", DEC, "empate"),
    # ---- specialists (sources A.5; ids by card) ----------------------------------------------------------
    _specialist("crowded_path", "Crowded Path",
                "Any number of the owner's guardians may share a path tile; a bonfire still holds one.", 1),
    _specialist("long_stride", "Long Stride",
                "In each procession each of the owner's guardians may take 1 step more than was paid for.", 2),
    _specialist("free_offering", "Free Offering",
                "Taking a task disc, the owner may pay any 2 resources instead of the two shown.", 3),
    _specialist("elder_patron", "Elder Patron", "The owner scores 2 points each time they recruit an elder.", 4),
    _specialist("double_joker", "Double Joker",
                "Each yellow action tile the owner spends counts as 2 tiles of one type of their choice.", 5),
    _specialist("chosen_harvest", "Chosen Harvest",
                "A guardian ending her move on a path tile brings a resource of the owner's choice instead of the "
                "one shown, the starting tile's gold included.", 6),
    _specialist("council_gold", "Council Gold",
                "Each time one of the owner's novices takes a council seat, they gain 1 gold besides the bonus.", 7),
    _specialist("path_finder", "Path Finder",
                "Each time the owner takes a path tile, they gain the resource shown on it.", 8),
    _specialist("flexible_pay", "Flexible Pay",
                "Recruiting a gnome, the owner may pay its 1 or 2 resources with any resources, gold included.", 9),
    _specialist("pink_harvest", "Pink Harvest",
                "When the owner's pink guardian ends her move on a path tile, its resource is gained once more.",
                10),
    _specialist("grey_harvest", "Grey Harvest",
                "When the owner's grey guardian ends her move on a path tile, its resource is gained once more.",
                11),
    _specialist("brown_harvest", "Brown Harvest",
                "When the owner's brown guardian ends her move on a path tile, its resource is gained once more.",
                12),
    _specialist("blue_harvest", "Blue Harvest",
                "When the owner's blue guardian ends her move on a path tile, its resource is gained once more.",
                13),
    _specialist("large_hand", "Large Hand",
                "The owner may hold up to 3 action tiles, not 1, when placing a fate tile.", 14),
    _specialist("recruiters_gift", "Recruiter's Gift",
                "Each gnome the owner recruits, this card included, brings 1 yellow action tile.", 15),
    _specialist("fate_echo", "Fate Echo",
                "A fate tile covering a printed square brings its item one extra time.", 16),
    _specialist("welcome_step", "Welcome Step",
                "Each guardian the owner puts on the starting tile sets off a free 1-step procession that gains "
                "no resources.", 17),
    _specialist("bonfire_cheer", "Bonfire Cheer",
                "The owner scores 2 points whenever one of their guardians steps onto a bonfire; she still scores "
                "at the end.", 18),
    _specialist("common_reward", "Common Reward",
                "Each common task the owner fulfils brings 1 gold and 1 yellow action tile, whether or not its "
                "neutral novice is still there.", 19),
])
"""Bonfire's rules by id, in play order (setup, turn, actions, end, scoring, specialists)."""
