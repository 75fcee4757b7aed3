# The FIDE tie-breaks (Handbook C.07) by their codes, as a reader sees them beside the code.
tb-PTS = Points
tb-DE = Direct encounter
tb-WIN = Number of wins
tb-WON = Games won over the board
tb-BPG = Games played with Black
tb-BWG = Games won with Black
tb-PS = Progressive score
tb-REP = Rounds elected to play
tb-VUR = Voluntarily unplayed rounds
tb-NUM = Games played over the board
tb-BH = Buchholz
tb-AOB = Average of opponents' Buchholz
tb-FB = Fore Buchholz
tb-SB = Sonneborn-Berger
tb-KS = Koya system
tb-ARO = Average rating of opponents
tb-TPR = Tournament performance rating
tb-PTP = Perfect tournament performance
tb-APRO = Average of opponents' performance
tb-APPO = Average of opponents' perfect performance
tb-RTNG = Rating
tb-RTG = Start rating
tb-MPVGP = The other team score (match or game points)
tb-BC = Board count
tb-TBR = Top board results
tb-BBE = Board-by-board elimination
tb-EMMSB = Extended Sonneborn-Berger (match points by match points)
tb-EMGSB = Extended Sonneborn-Berger (match points by game points)
tb-EGMSB = Extended Sonneborn-Berger (game points by match points)
tb-EGGSB = Extended Sonneborn-Berger (game points by game points)
tb-EDE = Extended direct encounter
tb-EDEC = Extended direct encounter, then the board count of the encounter
tb-EDET = Extended direct encounter, then the top board results of the encounter
tb-EDEB = Extended direct encounter, then board-by-board elimination in the encounter
tb-EDEBT = Extended direct encounter, then the board count and the top board results of the encounter
tb-EDEBB = Extended direct encounter, then the board count and board-by-board elimination in the encounter
tb-SSSC = Score-strength combination
# A tie-break as a list shows it: its name, then its code as FIDE writes it.
tb-named = { $name } ({ $code })
# The tournament's type, worded.
type-individual-swiss = Individual, Swiss system
type-individual-round-robin = Individual, round robin
type-team = Team event
# The time zone UTC, worded.
zone-utc = Coordinated Universal Time (UTC)
# The edition of the tie-break regulations, dated in the reader's calendar (views::edition_in).
tb-edition = C.07 of { $date }
tb-with-edition = { $tiebreak }, { $edition }
