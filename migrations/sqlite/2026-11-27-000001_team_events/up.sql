-- Team events (arbiter_tournament::team): a tournament with a row here is a team event. `body` is
-- the `TeamEvent` as JSON: the regulations' settings, the teams with their rosters in board
-- order, each round's matches, team bye, absent teams and line-ups. The board games themselves
-- are ordinary rows of `games`. `version` counts the changes: a change made from a stale page is
-- refused. The PostgreSQL migration of the same name is the same.
CREATE TABLE team_events (
    tournament_id TEXT PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    version INTEGER NOT NULL
);

-- The captain role: an account that submits a team's line-ups (one team may have several
-- captain accounts, an account may captain one team of an event).
CREATE TABLE team_captains (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    team_number INTEGER NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (tournament_id, user_id)
);
