# The site's frame: header, footer, the language switch, shared words.
language-name = English
site-name = Arbiter
site-account = Your account
site-footer = Arbiter · FIDE Laws of Chess · tie-breaks per FIDE Handbook C.07
site-language = Language
digits-latin = Latin digits
digits-local = Local digits
# A range of dates: the start (its shared month and year left out) and the end.
date-range = { $start } – { $end }
list-separator = ,{" "}
list-semicolon = ;{" "}
# The players' check-in tablet (Art. 6.6, 6.7).
checkin-title = Check-in
checkin-no-round = No round is being played now. This page reloads every 30 seconds.
checkin-heading = Round { $n }: check-in (Art. { $articles })
checkin-no-start = This round has no scheduled start yet.
checkin-schedule = Scheduled start { $start }. A player not at the board by { $deadline } loses by default (Art. { $article }).
checkin-deadline-passed = The default time has passed: if you have just arrived, see the arbiter, who decides (Art. { $article }).
checkin-times = Times are { $zone } time. This page reloads every 30 seconds.
checkin-board = Board { $n }
colour-white = White
colour-black = Black
checkin-present-since = present since { $time }
checkin-button = I am here: { $name } (board { $board }, { $colour })
checkin-not-checked-in = not checked in: see the arbiter
checkin-done = Checked in: { $name } at { $time }
checkin-already = { $name } is already checked in at { $time }
checkin-choose-colour = choose your button again: White or Black
checkin-not-in-round = this game is not in the round being played
checkin-decided = this game is already decided; ask the arbiter
checkin-too-late = the default time passed at { $time } UTC: a player arriving now must see the arbiter, who decides (Art. { $article })
form-expired = the form has expired or did not come from this site; reload it and try again
calendar-hijri = Hijri calendar
calendar-default = the language's own calendar
calendar-other = other calendar
