DROP TABLE game_scores;
