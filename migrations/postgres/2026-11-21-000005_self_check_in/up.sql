-- Player self check-in on a tablet at the venue (Art. 6.6, 6.7; issue #6). NULL: the organizer
-- does not allow it (the default). Otherwise the secret of the tablet link `/check-in/{token}`
-- (32 hex digits from a random UUID v4): issuing a new link replaces it, so the old link stops
-- working. Unique, so that a link names one tournament. The migration of the same name for the
-- other backend is the same.
ALTER TABLE tournaments ADD COLUMN self_check_in_token TEXT;
CREATE UNIQUE INDEX tournaments_self_check_in_token ON tournaments (self_check_in_token);
