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
