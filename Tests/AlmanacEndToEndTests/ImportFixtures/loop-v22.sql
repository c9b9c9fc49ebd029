-- Loop Habit Tracker schema 22 (migrations 09–22): numeric habits, values, the unique index.
CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer, description text, freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer, reminder_min integer, reminder_days integer not null default 127, type integer not null default 0, target_type integer not null default 0, target_value real not null default 0, unit text not null default "");
CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references habits(id), timestamp integer not null, value integer not null);
CREATE UNIQUE INDEX idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
CREATE TABLE Events (id integer primary key autoincrement, timestamp integer, message text, server_id integer);
INSERT INTO Habits VALUES (0, 0, 8, 'Did you stretch?', 1, 1, 0, 'Stretch', 0, 18, 0, 113, 0, 0, 0, '');
INSERT INTO Habits VALUES (1, 0, 15, 'How many pages?', 7, 1, 0, 'Read', 1, NULL, NULL, 127, 1, 0, 20.0, 'pages');
INSERT INTO Habits VALUES (2, 1, 3, 'Cigarettes', 1, 1, 0, 'Smoke', 2, NULL, NULL, 127, 1, 1, 0.0, 'cigarettes');
INSERT INTO Habits VALUES (3, 0, 12, '', 7, 3, 0, 'Gym', 3, NULL, NULL, 127, 0, 0, 0, '');
-- 2024-02-28 … 2024-03-02 (a leap day), as UTC midnights in milliseconds.
INSERT INTO Repetitions (habit, timestamp, value) VALUES (0, 1709078400000, 2), (0, 1709164800000, 2), (0, 1709251200000, 1), (0, 1709337600000, 3);
INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, 1709078400000, 12500), (1, 1709164800000, 0), (1, 1709251200000, 3), (1, 1709337600000, -1);
INSERT INTO Repetitions (habit, timestamp, value) VALUES (2, 1709078400000, 5000), (2, 1709164800000, 0);
INSERT INTO Repetitions (habit, timestamp, value) VALUES (3, 1709078400000, 2), (3, 1709164800000, 0), (3, 1709251200000, -1);
PRAGMA user_version = 22;
