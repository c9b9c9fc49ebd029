-- Loop Habit Tracker schema 25: question (23), uuid (24), notes (25).
CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer, description text, freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer, reminder_min integer, reminder_days integer not null default 127, type integer not null default 0, target_type integer not null default 0, target_value real not null default 0, unit text not null default "", question text, uuid text);
CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id), timestamp integer not null, value integer not null, notes text);
CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
INSERT INTO Habits VALUES (1, 0, 19, 'Ten minutes, eyes closed', 1, 1, 0, 'Meditate', 0, 7, 30, 127, 0, 0, 0, '', 'Did you meditate?', '7e3b0c2a51d44f0fa1b2c3d4e5f60718');
INSERT INTO Habits VALUES (2, 0, 8, '', 3, 2, 0, 'Wake up early', 1, NULL, NULL, 127, 0, 0, 0, '', 'Up before six?', '0a1b2c3d4e5f60718293a4b5c6d7e8f9');
-- 2025-11-01 … 2025-11-05
INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (1, 1761955200000, 2, 'Calm'), (1, 1762041600000, 0, 'Sick'), (1, 1762128000000, 3, 'Travel'), (1, 1762214400000, -1, 'Thought about it'), (1, 1762300800000, 2, '');
INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (2, 1761955200000, 2, NULL), (2, 1762041600000, 1, NULL);
PRAGMA user_version = 25;
