# The notice a page shows after a write (crate::done): what was just done. $n is the number the
# notice names (a pairing number, a round, a board), $count the same for plurals.
done-created = Tournament created. Next: register the players below.
done-imported = Tournament imported from the TRF file.
done-imported-irregular = Tournament imported, with a warning: rounds whose pairing is not the one the rules make: { $n }. Each is recorded in the TRF export as a “### Import @ Round” line; `arbiter check` on the file says why.
done-fide-mode-left = The tournament left FIDE mode; the TRF export records it.
done-settings = Settings saved.
done-registered = Player registered with pairing number { $n }.
done-players-added = { $count ->
    [one] One player registered.
   *[other] { $n } players registered.
 }
done-ordered = Pairing numbers given in the initial order (rating, title, name).
done-bye = Bye request for round { $n } saved.
done-withdrawn = Player { $n } withdrawn: not paired any more.
done-reinstated = Player { $n } reinstated.
done-corrected = Player { $n } corrected.
done-corrected-rating = Player { $n } corrected. The rating changed after round 1 was paired: the pairing order of the next rounds follows the new rating; rounds already paired stay as they are.
done-stored = Pairing of round { $n } stored. It is not public yet: publish it, then enter the results.
done-published = Round { $n } published.
done-unpaired = Pairing of round { $n } taken back.
done-result = Result of board { $n } saved.
done-scheduled = Start of round { $n } saved.
done-staff = Staff changed.
done-self-check-in = Self check-in changed.
done-ratings = Ratings refreshed from the rating list.
done-rating-list = Rating list imported.
done-team-setup = Team settings saved.
done-team-added = Team added.
done-team-saved = Team saved.
done-teams-added = { $count ->
    [one] One team added.
   *[other] { $n } teams added.
 }
done-teams-paired = Round { $n } paired. Next: the line-ups, then seat the boards.
done-seated = Boards of round { $n } seated from the line-ups.
done-lineup = Line-up saved.
done-prizes = Prizes saved.
done-norms = Norm settings saved.
done-flag = Flag resolved.
done-checked-in = Arrival recorded.
done-default-time = Default time decision recorded.
done-edition = Edition of the Laws set.
done-sealed = Sealed move stored in its envelope.
done-incident = Incident recorded.
done-token-revoked = API token revoked.
done-signed-up = Account created; you are signed in.
