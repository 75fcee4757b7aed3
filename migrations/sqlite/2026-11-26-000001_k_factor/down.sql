ALTER TABLE players DROP COLUMN k_factor;
