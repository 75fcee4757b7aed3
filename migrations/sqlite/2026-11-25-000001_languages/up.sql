-- The readers' languages (en, fa, ar). A tournament's language is the one its public pages are
-- shown in to a reader who has not chosen one with the language switch (no row: the reader's
-- browser, Accept-Language, decides). An account's language is the one its holder last chose;
-- it is set again as the reader's choice when the holder signs in. Tables of their own: diesel's
-- tables hold at most 32 columns and `tournaments` has them. The PostgreSQL migration of the same
-- name is the same.
CREATE TABLE tournament_languages (
    tournament_id TEXT PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    language TEXT NOT NULL
);
CREATE TABLE user_languages (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    language TEXT NOT NULL
);
