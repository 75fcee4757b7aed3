-- What pairing does while a game of an earlier round is adjourned (Appendix A): `wait` (the next
-- round is paired only once every result is in; NULL means the same) or `provisional` (the
-- adjourned game counts as a provisional draw, as TRF-2026's result `X` allows, and the standings
-- say so). The migration of the same name for the other backend is the same.
ALTER TABLE tournaments ADD COLUMN adjourned_pairing TEXT CHECK (adjourned_pairing IN ('wait', 'provisional'));
