-- The player's development coefficient K in the rating list the event is rated on (FIDE Rating
-- Regulations B.02, Art. 8.3: 40, 20 or 10), filled from a FIDE rating list at registration; NULL
-- when unknown. The PostgreSQL migration of the same name is the same.
ALTER TABLE players ADD COLUMN k_factor INTEGER;
