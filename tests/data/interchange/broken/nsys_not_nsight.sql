CREATE TABLE recipes (name TEXT, minutes INTEGER);
INSERT INTO recipes VALUES ('bread', 240);
