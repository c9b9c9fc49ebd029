-- A schema newer than any Loop has shipped: refused by name and version.
CREATE TABLE Habits (id integer primary key, name text);
CREATE TABLE Repetitions (id integer primary key, habit integer, timestamp integer, value integer);
PRAGMA user_version = 26;
