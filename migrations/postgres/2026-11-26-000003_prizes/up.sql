-- The organizer's prize list (money and category prizes, how ties share them), as the JSON of
-- `arbiter_tournament::prizes::PrizeList`; no row: no prize list. A table of its own: diesel's
-- tables hold at most 32 columns and `tournaments` has them. The PostgreSQL migration of the same
-- name is the same.
CREATE TABLE tournament_prizes (
    tournament_id TEXT PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    prizes TEXT NOT NULL
);
