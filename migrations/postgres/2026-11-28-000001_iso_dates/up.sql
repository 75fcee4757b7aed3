-- Dates are stored in ISO 8601 with reduced precision (issue #19): `2005-07-28`, `2005-07` (a
-- month whose day is unknown), `1985` (a year alone), which sort and compare as the dates do.
-- Rows written before kept the text of the file or form they came from; this rewrites the layouts
-- SQL can: `2005/07/28` and `2005.07.28` (year first), `28/07/2005` and `28.07.2005` (day first),
-- `28. 07. 2005`, with unknown parts `00` or `??` dropped (`1985/00/00` -> `1985`,
-- `2005.07.??` -> `2005-07`) and a date wholly unknown or blank (`0000/00/00`, `????.??.??`)
-- set to NULL. Other text (`May 29, 2020`, `05/07/28`) is left as it is: the application reads
-- every layout files use when it loads a row, and a value it cannot read loads as no date.
-- The SQLite migration of the same name does the same with GLOB patterns.

-- tournaments.start_date
UPDATE tournaments SET start_date = trim(start_date) WHERE start_date <> trim(start_date);
UPDATE tournaments SET start_date = substr(start_date, 1, 4) || '-' || substr(start_date, 6, 2) || '-' || substr(start_date, 9, 2)
    WHERE start_date ~ '^[0-9]{4}[/.][0-9?]{2}[/.][0-9?]{2}$';
UPDATE tournaments SET start_date = substr(start_date, 7, 4) || '-' || substr(start_date, 4, 2) || '-' || substr(start_date, 1, 2)
    WHERE start_date ~ '^[0-9]{2}[/.][0-9]{2}[/.][0-9]{4}$';
UPDATE tournaments SET start_date = substr(start_date, 9, 4) || '-' || substr(start_date, 5, 2) || '-' || substr(start_date, 1, 2)
    WHERE start_date ~ '^[0-9]{2}\. [0-9]{2}\. [0-9]{4}$';
UPDATE tournaments SET start_date = substr(start_date, 1, 4) WHERE start_date ~ '^[0-9]{4}-[0?]{2}-[0?]{2}$';
UPDATE tournaments SET start_date = substr(start_date, 1, 7) WHERE start_date ~ '^[0-9]{4}-[0-9]{2}-[0?]{2}$';
UPDATE tournaments SET start_date = NULL WHERE start_date = '' OR start_date = '0000' OR start_date LIKE '????%';

-- tournaments.end_date
UPDATE tournaments SET end_date = trim(end_date) WHERE end_date <> trim(end_date);
UPDATE tournaments SET end_date = substr(end_date, 1, 4) || '-' || substr(end_date, 6, 2) || '-' || substr(end_date, 9, 2)
    WHERE end_date ~ '^[0-9]{4}[/.][0-9?]{2}[/.][0-9?]{2}$';
UPDATE tournaments SET end_date = substr(end_date, 7, 4) || '-' || substr(end_date, 4, 2) || '-' || substr(end_date, 1, 2)
    WHERE end_date ~ '^[0-9]{2}[/.][0-9]{2}[/.][0-9]{4}$';
UPDATE tournaments SET end_date = substr(end_date, 9, 4) || '-' || substr(end_date, 5, 2) || '-' || substr(end_date, 1, 2)
    WHERE end_date ~ '^[0-9]{2}\. [0-9]{2}\. [0-9]{4}$';
UPDATE tournaments SET end_date = substr(end_date, 1, 4) WHERE end_date ~ '^[0-9]{4}-[0?]{2}-[0?]{2}$';
UPDATE tournaments SET end_date = substr(end_date, 1, 7) WHERE end_date ~ '^[0-9]{4}-[0-9]{2}-[0?]{2}$';
UPDATE tournaments SET end_date = NULL WHERE end_date = '' OR end_date = '0000' OR end_date LIKE '????%';

-- players.birth_date
UPDATE players SET birth_date = trim(birth_date) WHERE birth_date <> trim(birth_date);
UPDATE players SET birth_date = substr(birth_date, 1, 4) || '-' || substr(birth_date, 6, 2) || '-' || substr(birth_date, 9, 2)
    WHERE birth_date ~ '^[0-9]{4}[/.][0-9?]{2}[/.][0-9?]{2}$';
UPDATE players SET birth_date = substr(birth_date, 7, 4) || '-' || substr(birth_date, 4, 2) || '-' || substr(birth_date, 1, 2)
    WHERE birth_date ~ '^[0-9]{2}[/.][0-9]{2}[/.][0-9]{4}$';
UPDATE players SET birth_date = substr(birth_date, 9, 4) || '-' || substr(birth_date, 5, 2) || '-' || substr(birth_date, 1, 2)
    WHERE birth_date ~ '^[0-9]{2}\. [0-9]{2}\. [0-9]{4}$';
UPDATE players SET birth_date = substr(birth_date, 1, 4) WHERE birth_date ~ '^[0-9]{4}-[0?]{2}-[0?]{2}$';
UPDATE players SET birth_date = substr(birth_date, 1, 7) WHERE birth_date ~ '^[0-9]{4}-[0-9]{2}-[0?]{2}$';
UPDATE players SET birth_date = NULL WHERE birth_date = '' OR birth_date = '0000' OR birth_date LIKE '????%';
