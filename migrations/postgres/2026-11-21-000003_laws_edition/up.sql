-- The edition of the Laws of Chess a tournament is played under (the articles whose rules differ
-- between editions: 6.7, 7.4(b), 9.5(b), 12): `2001` (the Laws in force from 1 July 2001: the
-- third illegal move loses) or `later` (2014 onwards: in standard play the second illegal move
-- loses; a mobile phone ringing in the playing venue loses). NULL: the 2001 Laws. The migration
-- of the same name for the other backend is the same.
ALTER TABLE tournaments ADD COLUMN laws_edition TEXT CHECK (laws_edition IN ('2001', 'later'));
