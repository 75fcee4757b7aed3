DROP TABLE tournament_documents;
