-- Accounts approved as organizers (issue #45): a new account's tournaments are listed on the
-- home page and in the API's list only once an administrator has approved the account. The
-- accounts that exist now keep their tournaments listed (approved); administrators always are.
ALTER TABLE users ADD COLUMN approved BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE users SET approved = TRUE;

-- Server-side sessions (issue #45): the cookie holds only a random key; the database keeps its
-- SHA-256 (`key_hash`, hex), the session's state (JSON object of strings), the account signed
-- in (so that a password change ends its other sessions), and when it was opened and last used
-- (milliseconds since 1970, UTC) for the idle and absolute expiry.
CREATE TABLE sessions (
    key_hash TEXT PRIMARY KEY NOT NULL,
    user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
    state TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    seen_ms BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_seen ON sessions (seen_ms);
CREATE INDEX sessions_created ON sessions (created_ms);
