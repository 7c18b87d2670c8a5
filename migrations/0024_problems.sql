-- The life-and-death problem library (死活题): each problem as the SGF text
-- tsumego's write_problem made of it, with what lists and picks it copied
-- into columns, its Glicko-2 rating as a game against the players, and how
-- it came (the starter library embedded in the server, or an admin's import).
CREATE TABLE problems (
  id           INTEGER PRIMARY KEY,
  title        TEXT NOT NULL,
  sgf          TEXT NOT NULL,
  goal         TEXT NOT NULL CHECK (goal IN ('live', 'kill', 'ko', 'capture')),
  to_move      TEXT NOT NULL CHECK (to_move IN ('B', 'W')),
  grade        INTEGER NOT NULL CHECK (grade BETWEEN 1 AND 27),
  view         TEXT NOT NULL,
  rating       REAL NOT NULL DEFAULT 1500,
  deviation    REAL NOT NULL DEFAULT 350,
  volatility   REAL NOT NULL DEFAULT 0.06,
  attempts     INTEGER NOT NULL DEFAULT 0,
  solved_count INTEGER NOT NULL DEFAULT 0,
  flags        TEXT NOT NULL DEFAULT '',
  source       TEXT NOT NULL CHECK (source IN ('starter', 'import')),
  source_key   TEXT,
  created_ms   INTEGER NOT NULL,
  imported_by  INTEGER REFERENCES users(id)
);
-- A starter problem is keyed by its place in the library, so seeding twice
-- (a restart, two nodes starting together) adds nothing.
CREATE UNIQUE INDEX problems_by_source_key ON problems (source, source_key);
-- The list by grade, easiest first.
CREATE INDEX problems_by_grade ON problems (grade, id);

CREATE TABLE problem_themes (
  problem_id INTEGER NOT NULL REFERENCES problems(id),
  theme      TEXT NOT NULL,
  PRIMARY KEY (problem_id, theme)
);
CREATE INDEX problem_themes_by_theme ON problem_themes (theme, problem_id);

-- Every attempt of a player at a problem, its moves (GTP vertices joined by
-- spaces) kept as they are played so that it resumes after a reconnection.
CREATE TABLE problem_attempts (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  problem_id INTEGER NOT NULL REFERENCES problems(id),
  moves      TEXT NOT NULL DEFAULT '',
  state      TEXT NOT NULL CHECK (state IN ('playing', 'solved', 'failed')),
  rated      INTEGER NOT NULL CHECK (rated IN (0, 1)),
  hinted     INTEGER NOT NULL DEFAULT 0 CHECK (hinted IN (0, 1)),
  started_ms INTEGER NOT NULL,
  ended_ms   INTEGER
);
CREATE INDEX problem_attempts_by_user ON problem_attempts (user_id, problem_id, id);
-- One rated attempt per player and problem, also when two nodes start one at the same moment.
CREATE UNIQUE INDEX problem_attempts_one_rated ON problem_attempts (user_id, problem_id) WHERE rated = 1;

-- A player's problem rating (Glicko-2) and counts (attempts that ended,
-- problems solved at least once), made when the first attempt ends.
CREATE TABLE problem_ratings (
  user_id    INTEGER PRIMARY KEY REFERENCES users(id),
  rating     REAL NOT NULL,
  deviation  REAL NOT NULL,
  volatility REAL NOT NULL,
  attempts   INTEGER NOT NULL DEFAULT 0,
  solved     INTEGER NOT NULL DEFAULT 0
);
