DROP TABLE tournament_time_zones;
