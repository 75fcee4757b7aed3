DROP TABLE team_captains;
DROP TABLE team_events;
