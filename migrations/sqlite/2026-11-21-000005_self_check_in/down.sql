DROP INDEX tournaments_self_check_in_token;
ALTER TABLE tournaments DROP COLUMN self_check_in_token;
