-- FIDE rating lists (arbiter_db::rating_list): one snapshot per month, keyed by the month's first
-- day (YYYY-MM-DD), filled by FIDE's downloadable files: the standard, rapid and blitz TXT or XML
-- lists of a month fill one snapshot each its own columns, the combined list all of them. The
-- SQLite migration of the same name is the same (its name index in the form prefix search
-- uses on that backend).
CREATE TABLE rating_lists (
    list_date TEXT PRIMARY KEY NOT NULL,
    has_standard BOOLEAN NOT NULL DEFAULT FALSE,
    has_rapid BOOLEAN NOT NULL DEFAULT FALSE,
    has_blitz BOOLEAN NOT NULL DEFAULT FALSE,
    imported_at TIMESTAMP NOT NULL,
    row_count INTEGER NOT NULL DEFAULT 0
);

-- A player of a snapshot: the list's fields (Name, Fed, Sex, Tit, WTit, OTit, FOA, B-day, Flag,
-- and per list rating, games and K); the name folded by arbiter_tournament::names::fold_name for
-- search. Titles as FIDE writes them, sex 'm'/'w' as in players, other titles comma-separated.
CREATE TABLE rating_list_players (
    list_date TEXT NOT NULL REFERENCES rating_lists (list_date) ON DELETE CASCADE,
    fide_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    name_folded TEXT NOT NULL,
    federation TEXT NOT NULL,
    sex TEXT CHECK (sex IN ('m', 'w')),
    title TEXT,
    women_title TEXT,
    other_titles TEXT NOT NULL DEFAULT '',
    foa_title TEXT,
    birth_year INTEGER,
    flags TEXT NOT NULL DEFAULT '',
    standard_rating INTEGER,
    standard_games INTEGER,
    standard_k INTEGER,
    rapid_rating INTEGER,
    rapid_games INTEGER,
    rapid_k INTEGER,
    blitz_rating INTEGER,
    blitz_games INTEGER,
    blitz_k INTEGER,
    PRIMARY KEY (list_date, fide_id)
);

CREATE INDEX rating_list_players_by_name ON rating_list_players (list_date, name_folded text_pattern_ops);
CREATE INDEX rating_list_players_by_fide_id ON rating_list_players (fide_id);
