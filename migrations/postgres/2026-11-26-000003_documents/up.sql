-- An organizer's documents for a tournament, one row per kind, as JSON: `prizes` (the prize list,
-- `arbiter_tournament::prizes::PrizeList`), `norm_rules` (the event's conditions for title norms,
-- `arbiter_tournament::norms::NormRules`); no row: none set. A table of its own: diesel's tables
-- hold at most 32 columns and `tournaments` has them. The PostgreSQL migration of the same name is
-- the same.
CREATE TABLE tournament_documents (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (tournament_id, kind)
);
