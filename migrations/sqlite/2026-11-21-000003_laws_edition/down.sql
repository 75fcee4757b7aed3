ALTER TABLE tournaments DROP COLUMN laws_edition;
