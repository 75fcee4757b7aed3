ALTER TABLE tournaments DROP COLUMN adjourned_pairing;
