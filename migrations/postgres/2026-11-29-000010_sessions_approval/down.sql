DROP TABLE sessions;
ALTER TABLE users DROP COLUMN approved;
