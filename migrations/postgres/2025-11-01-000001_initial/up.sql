-- Arbiter's schema (PostgreSQL). The SQLite migration of the same name creates the same tables
-- with the same columns; ids are UUIDs as text, timestamps UTC.

CREATE TABLE tournaments (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT,
    city TEXT,
    federation TEXT,
    start_date TEXT,
    end_date TEXT,
    declared_players TEXT,
    declared_rated_players TEXT,
    declared_teams TEXT,
    tournament_type TEXT,
    chief_arbiter TEXT,
    deputy_arbiters TEXT NOT NULL DEFAULT '[]',
    time_control TEXT,
    round_dates TEXT,
    rounds_planned INTEGER,
    initial_colour TEXT CHECK (initial_colour IN ('w', 'b')),
    pair_by_rank BOOLEAN NOT NULL DEFAULT FALSE,
    scoring TEXT NOT NULL,
    starting_rank_method TEXT,
    pairing_controller TEXT,
    pairing_system TEXT,
    tiebreaks_202 TEXT,
    tiebreaks TEXT,
    tiebreak_edition TEXT,
    encoded_time_control TEXT,
    default_time_minutes INTEGER CHECK (default_time_minutes >= 0),
    extras TEXT NOT NULL DEFAULT '{}',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE players (
    id TEXT PRIMARY KEY NOT NULL,
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    pairing_number INTEGER NOT NULL,
    name TEXT NOT NULL,
    sex TEXT CHECK (sex IN ('m', 'w')),
    title TEXT,
    rating INTEGER,
    federation TEXT,
    fide_id BIGINT,
    birth_date TEXT,
    status TEXT NOT NULL,
    reported_points INTEGER,
    rank INTEGER,
    UNIQUE (tournament_id, pairing_number)
);

CREATE TABLE rounds (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number >= 1),
    scheduled TIMESTAMP,
    state TEXT NOT NULL,
    PRIMARY KEY (tournament_id, number)
);

CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    tournament_id TEXT NOT NULL,
    round INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    board INTEGER,
    white INTEGER NOT NULL,
    black INTEGER NOT NULL,
    colours_known BOOLEAN NOT NULL,
    white_code TEXT NOT NULL,
    black_code TEXT NOT NULL,
    penalty_kind TEXT,
    penalty_reason TEXT,
    recorded_by TEXT,
    version INTEGER NOT NULL DEFAULT 1,
    updated_at TIMESTAMP NOT NULL,
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, white) REFERENCES players (tournament_id, pairing_number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, black) REFERENCES players (tournament_id, pairing_number) ON DELETE CASCADE,
    UNIQUE (tournament_id, round, seq)
);

CREATE TABLE byes (
    id TEXT PRIMARY KEY NOT NULL,
    tournament_id TEXT NOT NULL,
    round INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    player INTEGER NOT NULL,
    code TEXT NOT NULL,
    recorded_by TEXT,
    FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
    FOREIGN KEY (tournament_id, player) REFERENCES players (tournament_id, pairing_number) ON DELETE CASCADE,
    UNIQUE (tournament_id, round, seq)
);

CREATE TABLE users (
    id TEXT PRIMARY KEY NOT NULL,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    is_admin BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE roles (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('organizer', 'arbiter')),
    PRIMARY KEY (user_id, tournament_id, role)
);

CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    label TEXT,
    created_at TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP
);

-- Append-only: who, when, what, before and after. No foreign keys, so that history outlives
-- what it describes; the triggers refuse every UPDATE and DELETE.
CREATE TABLE audit_log (
    id BIGSERIAL PRIMARY KEY,
    at TIMESTAMP NOT NULL,
    user_id TEXT,
    actor TEXT NOT NULL,
    tournament_id TEXT,
    entity TEXT NOT NULL,
    entity_id TEXT,
    action TEXT NOT NULL,
    before_json TEXT,
    after_json TEXT
);

CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE INDEX games_by_round ON games (tournament_id, round);
CREATE INDEX byes_by_round ON byes (tournament_id, round);
CREATE INDEX audit_log_by_tournament ON audit_log (tournament_id, id);
CREATE INDEX roles_by_tournament ON roles (tournament_id);
