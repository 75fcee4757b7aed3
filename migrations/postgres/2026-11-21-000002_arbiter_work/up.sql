-- The arbiter's work (issue #6, PostgreSQL): check-ins and default-time decisions (Art. 6.6, 6.7), sealed-move
-- envelopes (Appendix A), incidents and penalties (Art. 7.4, 9.5(b), 12.7, 12.8, 13.4). The
-- SQLite migration of the same name creates the same tables with the same columns.

-- A player's arrival at the board: `session` is `start` (the round's session, Art. 6.7) or
-- `resumption` (an adjourned game's resumption, A.9, A.10). The first arrival counts.
CREATE TABLE check_ins (
    id TEXT PRIMARY KEY NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    colour TEXT NOT NULL CHECK (colour IN ('w', 'b')),
    player INTEGER NOT NULL,
    session TEXT NOT NULL CHECK (session IN ('start', 'resumption')),
    at TIMESTAMP NOT NULL,
    recorded_at TIMESTAMP NOT NULL,
    by_actor TEXT NOT NULL,
    by_user TEXT,
    UNIQUE (game_id, colour, session)
);

-- At most one default-time decision per game: the forfeit the scheduled job applied (exactly
-- once), or the arbiter's override with its reason (Art. 6.7 "unless the arbiter decides
-- otherwise").
CREATE TABLE default_time_decisions (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('forfeit', 'override')),
    forfeit TEXT CHECK (forfeit IN ('white', 'black', 'both')),
    reason TEXT,
    deadline TIMESTAMP NOT NULL,
    decided_at TIMESTAMP NOT NULL,
    by_actor TEXT NOT NULL,
    by_user TEXT,
    CHECK ((kind = 'forfeit' AND forfeit IS NOT NULL) OR (kind = 'override' AND reason IS NOT NULL))
);

-- Sealed-move envelopes (A.1-A.3, A.7, A.9(c)). The sealed move is only ever stored encrypted
-- (`ciphertext`, hex; the key is the service's, not in the database) with its commitment; the
-- salt and the move are stored only once the envelope is opened (the CHECK enforces it).
CREATE TABLE envelopes (
    id TEXT PRIMARY KEY NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    state TEXT NOT NULL CHECK (state IN ('sealed', 'opened')),
    white_name TEXT NOT NULL,
    black_name TEXT NOT NULL,
    position_fen TEXT NOT NULL,
    white_time_used INTEGER NOT NULL CHECK (white_time_used >= 0),
    black_time_used INTEGER NOT NULL CHECK (black_time_used >= 0),
    sealer TEXT NOT NULL CHECK (sealer IN ('w', 'b')),
    move_number INTEGER NOT NULL CHECK (move_number >= 1),
    draw_offer TEXT CHECK (draw_offer IN ('w', 'b')),
    resumption_at TIMESTAMP NOT NULL,
    resumption_place TEXT NOT NULL,
    nonce TEXT NOT NULL,
    ciphertext TEXT NOT NULL,
    commitment TEXT NOT NULL,
    salt TEXT,
    revealed_move TEXT,
    sealed_at TIMESTAMP NOT NULL,
    sealed_by TEXT NOT NULL,
    opened_at TIMESTAMP,
    opened_by TEXT,
    version INTEGER NOT NULL DEFAULT 1,
    UNIQUE (game_id, seq),
    CHECK ((state = 'sealed' AND salt IS NULL AND revealed_move IS NULL AND opened_at IS NULL)
        OR (state = 'opened' AND salt IS NOT NULL AND revealed_move IS NOT NULL AND opened_at IS NOT NULL))
);

-- Incidents of a game: a sanction of Art. 13.4(a)-(g), 12.7, 12.8 or the mobile-phone rule
-- (`kind` as `Sanction::name`), an illegal move (`illegal_move`, Art. 7.4) or an incorrect draw
-- claim (`incorrect_claim`, 9.5(b)).
CREATE TABLE incidents (
    id TEXT PRIMARY KEY NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    offender TEXT NOT NULL CHECK (offender IN ('w', 'b')),
    kind TEXT NOT NULL,
    seconds INTEGER,
    code TEXT,
    article TEXT NOT NULL,
    reason TEXT NOT NULL,
    message TEXT NOT NULL,
    at TIMESTAMP NOT NULL,
    by_actor TEXT NOT NULL,
    by_user TEXT
);

CREATE INDEX check_ins_by_game ON check_ins (game_id);
CREATE INDEX envelopes_by_game ON envelopes (game_id);
CREATE INDEX incidents_by_game ON incidents (game_id, at);
