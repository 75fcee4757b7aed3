DROP TABLE rating_list_players;
DROP TABLE rating_lists;
