-- A game's score (its moves): the PGN text (tags and movetext, export format), the replay verdict
-- of the rules core (status and the whole report as JSON: plies, first illegal move with its
-- number and article, final FEN, any contradiction between the result and the final position),
-- whether an arbiter should look at it, and who submitted it when. One score per game; it goes
-- with its game. The same columns on SQLite and PostgreSQL.
CREATE TABLE game_scores (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    pgn TEXT NOT NULL,
    status TEXT NOT NULL,
    report_json TEXT NOT NULL,
    flagged BOOLEAN NOT NULL,
    submitted_by TEXT,
    submitted_at TIMESTAMP NOT NULL
);

CREATE INDEX game_scores_by_tournament ON game_scores (tournament_id);
