DROP TABLE incidents;
DROP TABLE envelopes;
DROP TABLE default_time_decisions;
DROP TABLE check_ins;
