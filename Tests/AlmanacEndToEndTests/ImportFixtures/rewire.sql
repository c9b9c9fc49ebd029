-- Rewire (as Loop's RewireDBImporter reads it): habits with schedules, CHECKINS (type 2 = done), UNIT.
CREATE TABLE habits (_id integer primary key, name text, description text, schedule integer, active_days text, repeating_count integer, days integer, period integer, archived integer default 0, unit text, target_count integer, start_date text);
CREATE TABLE CHECKINS (_id integer primary key, habit_id integer, date text, type integer, note text, actual_count integer);
CREATE TABLE UNIT (UNIT_NAME text, MIN_INCREMENT real);
CREATE TABLE reminders (habit_id integer, time integer, active_days text);
INSERT INTO habits VALUES (1, 'Floss', '', 0, '0,2,4', 0, 0, 0, 0, NULL, NULL, '20260101');
INSERT INTO habits VALUES (2, 'Call mum', '', 1, '', 0, 2, 0, 0, NULL, NULL, '20260101');
INSERT INTO habits VALUES (3, 'Water plants', '', 2, '', 3, 0, 0, 1, NULL, NULL, '20260101');
INSERT INTO CHECKINS (habit_id, date, type) VALUES (1, '20261102', 2), (1, '20261104', 2), (1, '20261106', 1), (2, '20261103', 2), (3, '20261101', 2), (3, '20261104', 3);
INSERT INTO reminders VALUES (1, 480, '0,2,4');
PRAGMA user_version = 24;
