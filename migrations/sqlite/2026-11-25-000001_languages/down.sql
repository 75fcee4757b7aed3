DROP TABLE user_languages;
DROP TABLE tournament_languages;
