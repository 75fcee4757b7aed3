DROP TABLE tournament_prizes;
