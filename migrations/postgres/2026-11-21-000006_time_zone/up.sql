-- The tournament's time zone (an IANA name such as Europe/Amsterdam; no row means UTC): the pages
-- show and take the rounds' scheduled starts, the default-time deadlines (Art. 6.7), arrivals and
-- resumption times (Appendix A.2(g)) in it. Every time is still stored in UTC. A table of its own:
-- diesel's tables hold at most 32 columns and `tournaments` has them. The SQLite migration of
-- the same name is the same.
CREATE TABLE tournament_time_zones (
    tournament_id TEXT PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    time_zone TEXT NOT NULL
);
