"""The rules of Flash Point: Fire Rescue and its Extreme Danger expansion, one entry per rule, in play order.

Texts are our own paraphrases. ``source`` names where the fact comes from: seed 003 (the Portuguese Extreme
Danger summary, by section), ``sources B.x``/``C.x`` (``shared/rules/bonfire_flashpoint_sources.md``) or
``DECISIONS.md``. ``term_pt`` keeps the Portuguese term (seed 003's where it uses one). Ids with ``.assume.``
are our decisions where no source settles the point.
"""

from explorer.core import Rule, RuleTable

SEED = "seed 003"
SRC = "bonfire_flashpoint_sources.md"

RULES = RuleTable([
    # ---- setup -----------------------------------------------------------------------------------------------
    Rule("flashpoint.setup.family", "The Family game",
         "The Family game starts from the fire printed for it: fire on the marked spaces and three face-down "
         "points of interest. Firefighters have 4 AP a turn and no specialty; there are no vehicles, hazmats or "
         "hot spots. On a building without a printed Family fire, three explosions are rolled that place no "
         "damage, and the three points of interest are rolled.", f"{SRC} B.4; {SEED} Preparação",
         "Jogo Familiar"),
    Rule("flashpoint.setup.experienced", "The Experienced game",
         "The Experienced game rolls its fire: initial explosions, hazmats and points of interest, by difficulty "
         "level. Firefighters take specialist cards, and the engine and the ambulance are parked.",
         f"{SRC} B.4; {SEED} Preparação", "Jogo Experiente"),
    Rule("flashpoint.setup.levels", "Difficulty levels",
         "Recruit: 3 initial explosions and 3 hazmats. Veteran: 3 explosions and 4 hazmats. Heroic: 4 explosions "
         "and 5 hazmats.", f"{SRC} B.4 ([BODO])", "nível de dificuldade"),
    Rule("flashpoint.setup.explosions", "Initial explosions",
         "The first initial explosion lands on one of the eight central spaces, picked by the black die alone; "
         "the others are rolled with both dice. Each puts fire and a hot spot on its space and then blasts fire "
         "into the four neighbours like any explosion.", f"{SRC} B.4; {SEED} Explosões Iniciais",
         "Explosões Iniciais; Foco de Incêndio"),
    Rule("flashpoint.setup.hazmats", "Hazmats at setup",
         "The level's hazmat markers are rolled onto the building one by one.", f"{SRC} B.4",
         "Material Perigoso"),
    Rule("flashpoint.setup.pois", "Three points of interest",
         "Three points of interest are rolled onto the building, face down.", f"{SRC} B.4", "POI"),
    Rule("flashpoint.setup.vehicles", "Parking the vehicles",
         "In the Experienced game the team parks the fire engine on one of its parking spots and the ambulance on "
         "one of its own.", f"{SRC} B.1, B.4", "Caminhão de Bombeiros; Ambulância; Ponto de Estacionamento"),
    Rule("flashpoint.setup.specialist", "Choosing specialists",
         "In the Experienced game each firefighter takes a different specialist card, which sets its AP and "
         "special abilities.", f"{SRC} B.9", "especialista"),
    Rule("flashpoint.setup.place", "Firefighters start outside",
         "In turn order, each firefighter is placed on any space outside the building.", f"{SRC} B.4", "Bombeiro"),
    # ---- the turn --------------------------------------------------------------------------------------------
    Rule("flashpoint.turn.order", "The turn",
         "A turn has three parts: the firefighter takes actions, the fire advances, and points of interest are "
         "replenished. Then the next firefighter clockwise plays.", f"{SRC} B.5", "turno"),
    Rule("flashpoint.turn.ap", "Action points",
         "At the start of its turn a firefighter gains the AP on its card (4 in the Family game) on top of any it "
         "saved. Every action costs AP; an action that costs more than the firefighter has cannot be taken.",
         f"{SRC} B.5, B.6", "pontos de acção (AP)"),
    Rule("flashpoint.turn.save", "Saving action points",
         "AP left at the end of the turn are kept for the next one, at most 4. Specialists' extra pools "
         "(command, extinguish-only, move-only) are never saved.", f"{SRC} B.5; DECISIONS.md Flash Point 1",
         "guardar AP"),
    Rule("flashpoint.turn.no-end-in-fire", "Do not end the turn in fire",
         "A firefighter cannot end its turn on a space on fire while it can still afford to leave it or put it "
         "out. One that cannot is left there, and the fire will knock it down.", f"{SRC} B.6",
         "não terminar o turno no fogo"),
    # ---- actions ---------------------------------------------------------------------------------------------
    Rule("flashpoint.move.adjacent", "Moving",
         "For 1 AP a firefighter moves to an orthogonally adjacent space, inside or outside the building. "
         "Entering a face-down point of interest turns it over.", f"{SRC} B.6", "mover"),
    Rule("flashpoint.move.walls", "Walls and closed doors block",
         "Nobody moves through a wall (until it is destroyed) or a closed door. Entrances, open or blown-off doors "
         "and destroyed walls let firefighters through.", f"{SRC} B.6, B.7", "parede; porta fechada"),
    Rule("flashpoint.move.fire", "Moving into fire",
         "Moving into a space on fire costs 2 AP.", f"{SRC} B.6", "fogo"),
    Rule("flashpoint.move.carry", "Carrying",
         "Moving while carrying a victim or a hazmat costs 2 AP, and nothing carried or led can be taken into "
         "fire.", f"{SRC} B.6", "carregar"),
    Rule("flashpoint.move.reveal", "Finding points of interest",
         "When a firefighter enters a space with a face-down point of interest, it is turned over: a false alarm "
         "is removed, a victim stays to be rescued.", f"{SRC} B.7", "POI; alarme falso"),
    Rule("flashpoint.carry", "Picking up and putting down",
         "A firefighter may pick up the victim or hazmat on its space, or start leading a treated victim, and put "
         "it down again, at no AP cost (the cost is in moving with it). It holds one thing at a time.",
         f"{SRC} B.6", "carregar; liderar"),
    Rule("flashpoint.door.open-close", "Opening and closing doors",
         "For 1 AP a firefighter opens or closes a door on an edge of its space. Blown-off doors are gone for good.",
         f"{SRC} B.6", "porta"),
    Rule("flashpoint.chop", "Chopping walls",
         "For 2 AP a firefighter puts a damage cube on a wall of its space; a wall with 2 cubes is destroyed and "
         "opens the way. Every cube counts towards the building's collapse.", f"{SRC} B.6", "Marcador de Dano"),
    Rule("flashpoint.extinguish", "Extinguishing",
         "For 1 AP a firefighter turns fire to smoke, or removes smoke, on its own space or a neighbouring space "
         "with nothing closed between (removing fire entirely takes 2 AP).", f"{SRC} B.6", "extinguir; fumaça"),
    Rule("flashpoint.rescue.family", "Rescuing (Family)",
         "A victim carried or led out of the building, to any outside space, is rescued.", f"{SRC} B.6",
         "resgatar"),
    Rule("flashpoint.rescue.ambulance", "Rescuing (Experienced)",
         "In the Experienced game a victim is rescued only when brought to the ambulance's parking spot (carried "
         "there, or when the ambulance arrives where it waits outside).", f"{SRC} B.6", "Ambulância"),
    Rule("flashpoint.hazmat.outside", "Hazmats carried out",
         "A hazmat carried out of the building is removed from the game.", f"{SRC} B.6 (INFERRED)",
         "Material Perigoso"),
    Rule("flashpoint.vehicle.drive", "Driving",
         "For 2 AP a vehicle drives to the next parking spot round the building (never straight across). A "
         "firefighter must be on the engine to drive it; the ambulance can be called from anywhere.",
         f"{SRC} B.6", "Dirigir"),
    Rule("flashpoint.vehicle.ride", "Riding",
         "Firefighters on a vehicle's spot ride along for free when it drives.", f"{SRC} B.6", "ir de carona"),
    Rule("flashpoint.deck-gun", "The deck gun",
         "From the engine, for 4 AP, the deck gun fires at the quadrant beside the engine, if no firefighter is "
         "inside it: roll both dice and flip a die that points outside the quadrant (red 7 minus the roll, black "
         "9 minus the roll). Fire and smoke are removed from the target and every neighbour not behind a wall or "
         "closed door.", f"{SRC} B.6", "Canhão de Convés"),
    Rule("flashpoint.crew-change", "Crew change",
         "For 2 AP a firefighter who began its turn on the engine, and is still there, takes a specialist card "
         "nobody holds.", f"{SRC} B.6", "troca de equipe"),
    Rule("flashpoint.role.paramedic", "Paramedic",
         "Treats the victim on its space for 1 AP; a treated victim can be led at normal move cost. Extinguishing "
         "costs the Paramedic double.", f"{SRC} B.9", "Paramédico; Vítima Tratada"),
    Rule("flashpoint.role.captain", "Fire Captain",
         "Has 2 command AP a turn to spend, with its own, on having another firefighter move or open/close a door; "
         "at most 1 AP a turn on the CAFS Firefighter.", f"{SRC} B.9", "Capitão"),
    Rule("flashpoint.role.imaging", "Imaging Technician",
         "For 1 AP turns over any face-down point of interest on the board.", f"{SRC} B.9",
         "Técnico de Imagem"),
    Rule("flashpoint.role.cafs", "CAFS Firefighter",
         "3 AP a turn plus 3 that can only be spent on extinguishing.", f"{SRC} B.9", "Bombeiro CAFS"),
    Rule("flashpoint.role.hazmat", "Hazmat Technician",
         "For 2 AP removes the hazmat on its space from the game.", f"{SRC} B.9", "Técnico de Materiais Perigosos"),
    Rule("flashpoint.role.generalist", "Generalist", "Gains 5 AP a turn instead of 4; no other ability.",
         f"{SRC} B.9", "Generalista"),
    Rule("flashpoint.role.rescue", "Rescue Specialist",
         "4 AP plus 3 that can only be spent on moving; chops for 1 AP; extinguishing costs double.",
         f"{SRC} B.9", "Especialista em Resgate"),
    Rule("flashpoint.role.driver", "Driver/Operator", "Fires the deck gun for 2 AP.", f"{SRC} B.9",
         "Motorista/Operador"),
    # ---- advance fire ----------------------------------------------------------------------------------------
    Rule("flashpoint.fire.roll", "Advance fire: the roll",
         "After each turn the red d6 (row) and the black d8 (column) name a target space.",
         f"{SRC} B.2, B.5, B.7", "Fase de Avanço do Fogo; Espaço Alvo"),
    Rule("flashpoint.fire.smoke", "Smoke, then fire",
         "An empty target gets smoke; smoke on the target turns to fire.", f"{SRC} B.7", "Fumaça; Fogo"),
    Rule("flashpoint.fire.explosion", "Explosion",
         "Fire on the target explodes: in each of the four directions, the neighbour catches fire, or the wall "
         "or door in between takes the blast.", f"{SRC} B.7", "Explosão"),
    Rule("flashpoint.fire.shockwave", "Shockwave",
         "A blast reaching a space already on fire travels on in the same direction until it reaches a space "
         "without fire (which catches fire) or a wall or door.", f"{SRC} B.7", "onda de choque"),
    Rule("flashpoint.fire.damage", "Damage to walls",
         "A blast that hits a wall puts one damage cube on it; two cubes destroy it.", f"{SRC} B.7",
         "Marcador de Dano"),
    Rule("flashpoint.fire.door-blown", "Doors blown off",
         "A blast that hits a door blows it off (no damage cube): a closed door stops that direction, an open one "
         "lets the blast through.", f"{SRC} B.7 ([JP-FAQ])", "porta destruída"),
    Rule("flashpoint.fire.flashover", "Flashover",
         "Smoke next to fire with nothing closed between them turns to fire, repeatedly, until no smoke touches "
         "fire.", f"{SRC} B.7", "flashover"),
    Rule("flashpoint.fire.hazmat", "Hazmats explode",
         "A hazmat on a space on fire explodes (one explosion per marker) and leaves a hot spot.",
         f"{SRC} B.4, B.7", "Material Perigoso"),
    Rule("flashpoint.fire.flare-up", "Flare-ups",
         "If the target held a hot spot, the fire advances again: another roll, and so on.", f"{SRC} B.7",
         "Foco de Incêndio"),
    Rule("flashpoint.fire.knock-down", "Knocked down",
         "A firefighter on a space on fire is knocked down: it goes to the ambulance and loses what it carried.",
         f"{SRC} B.7", "Derrubado"),
    Rule("flashpoint.fire.lost", "Lost victims",
         "Victims on a space on fire are lost; a face-down point of interest there is turned over first, and a "
         "false alarm just leaves.", f"{SRC} B.7", "Perdida"),
    Rule("flashpoint.poi.replenish", "Replenishing points of interest",
         "After the fire, new face-down points of interest are rolled until three are in play (victims being "
         "carried count). A roll onto another point of interest is made again; fire or smoke on the target is "
         "removed; a firefighter there turns it over at once.", f"{SRC} B.5; {SEED} Fase de Reabastecimento de POI",
         "Reabastecimento de POI"),
    Rule("flashpoint.poi.reveal", "Turning points of interest over",
         "A face-down point of interest is a victim or a false alarm, drawn blind from the markers not yet seen "
         "(12 victims and 6 false alarms in all).", f"{SRC} B.1", "POI; Vítima; alarme falso"),
    # ---- the end ---------------------------------------------------------------------------------------------
    Rule("flashpoint.end.win", "Winning", "The team wins as soon as 7 victims are rescued.", f"{SRC} B.8",
         "vitória"),
    Rule("flashpoint.end.lost", "Losing: victims lost", "The team loses as soon as 4 victims are lost.",
         f"{SRC} B.8", "Vítimas Perdidas"),
    Rule("flashpoint.end.collapse", "Losing: the building collapses",
         "The team loses when the 24th damage cube is placed: the building collapses.", f"{SRC} B.8",
         "desmoronamento"),
    # ---- Extreme Danger --------------------------------------------------------------------------------------
    Rule("flashpoint.ed.fireproof-door", "Fireproof doors",
         "A closed fireproof door hit by a blast is not destroyed: roll the red die. On 1-3 it holds; on 4-6 it "
         "holds but jams (a jam marker). A jammed door always holds and takes another jam marker; while it holds a jam "
         "marker it cannot be opened or closed.", f"{SEED} Fase de Avanço do Fogo",
         "Porta à Prova de Fogo; Marcador de Bloqueio"),
    Rule("flashpoint.ed.unjam", "Removing jam markers",
         "For 1 AP a firefighter removes one jam marker from a jammed fireproof door on an edge of its space.",
         f"{SRC} C.2 (fireproof door text cut off; the Extreme Danger rules as read in issue 16)",
         "Marcador de Bloqueio"),
    Rule("flashpoint.ed.boards", "Extreme Danger buildings",
         "Play on the Mechanic's Garage (one storey) or the Laboratory (two storeys), optionally with the Attic or "
         "the Basement half board beside it. Our layouts of these boards are our own, not the printed ones.",
         f"{SEED} Preparação; DECISIONS.md Flash Point 2", "Garagem Mecânica; Laboratório; Sótão; Porão"),
    Rule("flashpoint.ed.dice", "The twelve-sided die",
         "With a half board the black die is the d12: the half board's spaces are columns 9-12 of the roll.",
         f"{SEED} Preparação (Dados); DECISIONS.md Flash Point 2", "dado de doze lados"),
    Rule("flashpoint.ed.staircase", "Staircases",
         "A staircase space is adjacent to the matching staircase space on the next level; the Staircase marker "
         "goes on the full board when a half board is used.", f"{SEED} Preparação; {SRC} C.2",
         "Marcador de Escada"),
    Rule("flashpoint.ed.setup", "Extreme Danger set-up",
         "Experienced: the first explosion is rolled like the others; one more explosion is rolled, with its hot "
         "spot; 3 hot spots are rolled onto the building and 3 more join the supply; in the end every level has "
         "at least one explosion; at most 2 of the first points of interest share a floor. Anything rolled onto "
         "an explosive object is rolled again. Family: three explosions without damage, three points of interest.",
         f"{SEED} Preparação", "Explosões Iniciais; Foco de Incêndio"),
    Rule("flashpoint.ed.objects", "Explosive objects",
         "The car and the lab equipment stand like walls: nobody enters them. A blast that would set one of their "
         "spaces on fire puts a damage cube on the object instead. At its damage capacity (car and large equipment "
         "4, small equipment 2) it goes off: the car (two spaces) leaves fire and hot spots on both spaces and "
         "blasts in six directions; the small equipment leaves fire and a hot spot and explodes twice. The "
         "object's cubes leave play but still count towards the collapse.",
         f"{SEED} Fase de Avanço do Fogo; DECISIONS.md Flash Point 3", "Objeto Explosivo; Capacidade de Dano"),
    Rule("flashpoint.ed.arrows", "Arrows for invalid targets",
         "A fire-advance or replenish roll on an object's space (or a replenish roll on a toxic marker) follows the "
         "arrow printed there to a valid space.", f"{SEED} Fase de Avanço do Fogo; Reabastecimento de POI",
         "setas"),
    Rule("flashpoint.ed.spill", "Chemical spill",
         "At its capacity (3) the toxic lab equipment fails: a toxic marker on its space and 5 more along a random "
         "path through adjacent spaces (a die picks among the free neighbours; the path backs up when stuck). A "
         "space takes one marker. Victims on a toxic space are lost, firefighters knocked down, and nobody may "
         "enter it.", f"{SEED} Derramamentos Químicos; DECISIONS.md Flash Point 3",
         "Derramamento Químico; Marcador Tóxico"),
    Rule("flashpoint.ed.floor", "Floor damage",
         "An explosion in the basement damages the floor of the ground-floor space above it; a damaged floor is "
         "destroyed by another explosion below it or on it. A destroyed floor takes 2 damage cubes out of play, "
         "clears its fire and smoke and turns its neighbours' smoke to fire, loses its victims, knocks down its "
         "firefighters, sets off its hazmats, and returns its hot spot. A point of interest rolled onto it drops "
         "into the basement below.", f"{SEED} Dano no Piso; Reabastecimento de POI",
         "Piso Danificado; Piso Destruído"),
    Rule("flashpoint.ed.light-wall", "Light walls",
         "A light wall is destroyed by a single damage cube.", f"{SRC} C.2; DECISIONS.md Flash Point 3",
         "Parede Leve"),
    Rule("flashpoint.ed.ladder", "Portable ladders",
         "A firefighter carries a portable ladder at normal move cost (never together with a victim or hazmat, "
         "though it may lead a treated victim). Raising it outside the building costs 2 AP: its top segment goes "
         "on the upper level straight above (in a three-storey building, choose the level). Climbing between the "
         "segments costs 1 AP, 2 when carrying or leading, doubled between the ground and the third level; nobody "
         "climbs onto a top segment another firefighter holds. Collapsing it from the ground costs 1 AP; fire "
         "reaching a segment collapses it. Optionally a ladder can be raised from beside a destroyed floor into "
         "the basement below it (2 AP).", f"{SEED} Ações de Movimento", "Escada Portátil"),
    Rule("flashpoint.ed.bridge", "Floor bridge (option)",
         "For 2 AP a firefighter carrying a ladder lays it over a neighbouring destroyed floor; the bridged space "
         "can be entered again.", f"{SEED} Ações de Movimento", "Ponte de Piso"),
    Rule("flashpoint.ed.platform", "Hydraulic platform (option)",
         "The platform starts on the fire engine and carries 2 (two firefighters, or a firefighter and a victim) "
         "up to any level, anywhere along the wall beside the engine. The engine cannot drive unless the platform "
         "is on it, and the deck gun is not available in a game with the platform.",
         f"{SEED} Preparação, Ações de Veículo; {SRC} C.2", "Plataforma Hidráulica"),
    Rule("flashpoint.ed.drive", "Driving anywhere",
         "In Extreme Danger a vehicle drives to any of its parking spots for 2 AP.", f"{SEED} Ações de Veículo",
         "Dirigir"),
    Rule("flashpoint.ed.deck-gun", "The deck gun per half",
         "The deck gun fires at the half of every floor beside the engine: the red die is flipped as usual, the "
         "black die (d8 or d12) never, and no firefighter may be in that half.", f"{SEED} Ações de Veículo",
         "Canhão de Convés"),
    Rule("flashpoint.ed.window", "Windows",
         "For 1 AP a firefighter opens or closes a window on its space's wall; an open window joins the two "
         "spaces. One damage cube destroys a window. Open or closed it is a wall segment (an open one carries the "
         "open-window marker), so unlike a door a blast does not blow it away: it takes a damage cube.",
         f"{SEED} Ações de Movimento (Marcador de Janela Aberta no segmento de Parede); {SRC} C.2", "Janela"),
    # ---- assumptions -----------------------------------------------------------------------------------------
    Rule("flashpoint.assume.hot-spot-supply", "Hot spots in play",
         "How many hot-spot markers can come into play is not known; we use 12 (24 are in the box).",
         f"{SRC} B.4 (UNKNOWN)", "Foco de Incêndio"),
    Rule("flashpoint.assume.hot-spot-at-explosion", "Explosions leave hot spots",
         "In the Experienced game an explosion on the rolled target leaves a hot spot there, while the supply "
         "lasts (the initial explosions and hazmats do too).", f"{SRC} B.5, B.7 (INFERRED)", "Foco de Incêndio"),
    Rule("flashpoint.assume.first-explosion", "The first explosion's spaces",
         "The black die picks the first initial explosion among the central spaces 3,3-3,6 (faces 1-4) and "
         "4,3-4,6 (faces 5-8).", f"{SRC} B.4 (positions UNKNOWN)", "Explosões Iniciais"),
    Rule("flashpoint.assume.setup-rerolls", "Set-up rerolls",
         "A set-up explosion rolled onto fire, a hazmat rolled onto fire or a hazmat, and a point of interest "
         "rolled onto fire or another point of interest are rolled again.", f"{SRC} B.4 (UNKNOWN)", "rerrolar"),
    Rule("flashpoint.assume.outside-fire", "No fire outside",
         "A blast that leaves the building through an opening has no effect outside (fire there would be removed "
         "at the end of the turn and cannot touch vehicles).", f"{SRC} B.7 ([JP-FAQ])", "fora do edifício"),
    Rule("flashpoint.assume.knock-down-family", "Where knocked-down firefighters go",
         "Experienced: to the ambulance's spot, the nearer of its two spaces. Family: to the nearest ambulance "
         "parking space. Ties go to the first listed in the building's data.", f"{SRC} B.7", "Derrubado"),
    Rule("flashpoint.assume.one-poi-per-space", "One point of interest per space",
         "A space holds at most one point of interest or victim, so a victim cannot be put down where one lies.",
         f"{SRC} B.7 (INFERRED)", "POI"),
    Rule("flashpoint.assume.no-drop-outside", "Victims are not put down outside",
         "A victim carried out of the building (Experienced: not yet at the ambulance) stays with its firefighter "
         "until the ambulance takes it; it cannot be put down outside.", f"{SRC} B.6 (INFERRED)", "Vítima"),
    Rule("flashpoint.assume.ride", "Everyone rides",
         "All firefighters on a vehicle's spot ride along when it drives, each to the same place on the new spot.",
         f"{SRC} B.6 (INFERRED)", "ir de carona"),
    Rule("flashpoint.assume.crew-change", "Crew change keeps AP",
         "After a crew change the firefighter keeps its general AP; the new card's extra pools start next turn.",
         f"{SRC} B.6 (UNKNOWN)", "troca de equipe"),
    Rule("flashpoint.assume.driver-reroll", "No deck-gun reroll",
         "The Driver/Operator's reroll of the deck gun's dice is remembered only vaguely by the sources; it is "
         "not offered.", f"{SRC} B.9 (from memory)", "Motorista/Operador"),
    Rule("flashpoint.assume.no-arrow", "No arrow: roll again",
         "A target that is not valid and has no arrow (a toxic marker off the arrows) is rolled again.",
         f"{SEED} (silent)", "rerrolar"),
    Rule("flashpoint.assume.fire-through-floor", "Fire rolled onto a hole",
         "A fire-advance roll onto a destroyed floor goes to the basement space below, as a point of interest does.",
         f"{SEED} (silent for the fire)", "Piso Destruído"),
    Rule("flashpoint.assume.no-fire-in-holes", "Holes hold no fire",
         "A destroyed floor holds no fire or smoke: a blast reaching it stops there, and flashovers skip it.",
         f"{SEED} (silent)", "Piso Destruído"),
    Rule("flashpoint.assume.fire-stays-on-its-level", "Fire stays on its level",
         "Blasts and flashovers travel only across a level, never up or down staircases; only floor damage links "
         "the basement's explosions to the ground floor.", f"{SEED} (silent)", "Escada"),
    Rule("flashpoint.assume.ladders", "Two ladders on the engine",
         "The seed does not say how many portable ladders there are or where they start: we use 2, stowed on the "
         "fire engine (in a Family game, lying at the engine's first parking space).", f"{SEED} (silent)",
         "Escada Portátil"),
    Rule("flashpoint.assume.air", "No walking in the air",
         "An upper level's outside ring is air: a firefighter stands there only on a ladder's top segment or the "
         "raised platform, enters it only from there or from inside, and never walks along it.",
         f"{SEED} (silent)", "fora do edifício"),
    Rule("flashpoint.assume.platform", "Platform costs",
         "Moving the hydraulic platform up or down costs its operator 2 AP, like a drive; the other firefighter on "
         "it rides free.", f"{SEED} (cost not given)", "Plataforma Hidráulica"),
    Rule("flashpoint.assume.unjammed-door", "A freed door is closed",
         "A fireproof door whose last jam marker is removed is a closed fireproof door again: it can be opened, and "
         "a blast on it rolls the red die again.", f"{SRC} C.2 (UNKNOWN)", "Porta à Prova de Fogo"),
    Rule("flashpoint.assume.open-door-blown", "Open doors are blown off too",
         "A blast reaching an open door blows it off and goes on through the doorway.", f"{SRC} B.7", "porta"),
])
"""The Flash Point rules by id (``RULES["flashpoint.fire.flashover"]``)."""
