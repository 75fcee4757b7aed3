# The organizer's path (issue #46): the next step on the staff pages (crate::next_step), the
# correcting form of a registered player (crate::player_edit), the error page's way back.
next-step-publish = Next: publish round { $n } (stored, not public yet)
next-step-results = Next: enter the results of round { $n }
next-step-pair = Next: pair round { $n }
next-step-register = Next: register the players (at least two)
next-step-teams = Next: add the teams (at least two)
next-step-seat = Next: the line-ups of round { $n }, then seat the boards
next-step-final = All { $n } rounds played: the final standings
manage-correct = correct
correct-title = Correct player { $n }
correct-back = Back to managing the tournament
correct-help = The pairing number, status and results stay; the change is recorded in the audit log.
correct-paired = Round 1 is paired: a new rating changes the pairing order of the next rounds (rounds already paired stay as they are).
correct-save = Save the correction
error-event = The event's page
error-back = Back to the page you were on
