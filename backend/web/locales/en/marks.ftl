# The marks of a crosstable cell and the words of a round's result (src/marks.rs). English keeps
# the TRF letters (FIDE Handbook C.04 Annex 2); the selectors' keys are the codes' names.
mark-white = w
mark-black = b
mark-result = { $code ->
    [win] 1
    [draw] =
    [loss] 0
    [unrated-win] W
    [unrated-draw] D
    [unrated-loss] L
    [forfeit-win] +
    [forfeit-loss] -
    [half-bye] H
    [full-bye] F
    [pab] U
    [zero-bye] Z
    [unknown] X
   *[blank] {""}
 }
result-word = { $code ->
    [win] win
    [draw] draw
    [loss] loss
    [unrated-win] win (less than one move)
    [unrated-draw] draw (less than one move)
    [unrated-loss] loss (less than one move)
    [forfeit-win] forfeit win
    [forfeit-loss] forfeit loss
    [half-bye] half-point bye
    [full-bye] full-point bye
    [pab] pairing-allocated bye
    [zero-bye] zero-point bye
    [unknown] result unknown
   *[blank] no result
 }
