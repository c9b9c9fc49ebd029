-- Tickmate (as Loop's TickmateDBImporter reads it): tracks, ticks with a 0-based month, groups.
CREATE TABLE tracks (_id integer primary key, name text, description text, icon text, enabled integer, multiple_entries_per_day integer, "order" integer);
CREATE TABLE ticks (_id integer primary key, _track_id integer, year integer, month integer, day integer, hour integer, minute integer, second integer, has_time_info integer);
CREATE TABLE groups (_id integer primary key, name text, description text, "order" integer);
CREATE TABLE track2groups (_id integer primary key, _track_id integer, _group_id integer);
INSERT INTO tracks VALUES (1, 'Coffee', '', 'coffee', 1, 1, 2), (2, 'Run', '', 'run', 1, 0, 1), (3, 'Old', '', '', 0, 0, 3);
-- 2016-03-18 is month 2 (0-based); three coffees that day.
INSERT INTO ticks (_track_id, year, month, day) VALUES (1, 2016, 2, 18), (1, 2016, 2, 18), (1, 2016, 2, 18), (1, 2016, 2, 19), (2, 2016, 2, 18), (2, 2016, 1, 29), (3, 2016, 0, 1);
INSERT INTO groups VALUES (1, 'Health', '', 1);
INSERT INTO track2groups (_track_id, _group_id) VALUES (2, 1);
PRAGMA user_version = 13;
