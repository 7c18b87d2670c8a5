-- Tournaments: the settings, the groups (rank bands, each paired and ranked
-- on its own), the entrants, the rounds and every pairing with the ordinary
-- game it was played as and its result.

CREATE TABLE tournaments (
  id                     INTEGER PRIMARY KEY,
  name                   TEXT    NOT NULL,
  system                 TEXT    NOT NULL CHECK (system IN ('swiss', 'mcmahon', 'round_robin', 'single_elimination')),
  mcmahon_bar            INTEGER NOT NULL DEFAULT 27,
  mcmahon_floor          INTEGER NOT NULL DEFAULT 1,
  size                   INTEGER NOT NULL CHECK (size BETWEEN 2 AND 25),
  komi                   REAL    NOT NULL,
  clock_json             TEXT    NOT NULL,      -- the server's clock settings, stored as given
  rated                  INTEGER NOT NULL CHECK (rated IN (0, 1)),
  rounds                 INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 64),
  registration_opens_ms  INTEGER NOT NULL,
  registration_closes_ms INTEGER NOT NULL,
  round_start            TEXT    NOT NULL CHECK (round_start IN ('fixed', 'when_done')),
  round_gap_ms           INTEGER NOT NULL DEFAULT 0,  -- when_done: the pause before the next round
  no_show_ms             INTEGER NOT NULL,      -- a player absent this long after the start loses by forfeit
  bye_points             INTEGER NOT NULL DEFAULT 2,  -- half points
  tie_breaks             TEXT    NOT NULL DEFAULT 'sos,sosos,sodos,direct',
  status                 TEXT    NOT NULL DEFAULT 'registration'
                                 CHECK (status IN ('registration', 'running', 'finished')),
  current_round          INTEGER NOT NULL DEFAULT 0,
  created_by             INTEGER REFERENCES users(id),
  created_ms             INTEGER NOT NULL
);
CREATE INDEX tournaments_unfinished ON tournaments(id) WHERE status <> 'finished';

-- A rank band; min_rank..max_rank are rank indexes (1d = 19), both included.
CREATE TABLE tournament_groups (
  id            INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  position      INTEGER NOT NULL,
  name          TEXT    NOT NULL,
  min_rank      INTEGER NOT NULL,
  max_rank      INTEGER NOT NULL,
  UNIQUE (tournament_id, position)
);

-- Extra points for the final places of each group (the association's promotion points).
CREATE TABLE tournament_bonus_points (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  place         INTEGER NOT NULL CHECK (place >= 1),
  points        INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, place)
) WITHOUT ROWID;

CREATE TABLE tournament_entrants (
  tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
  user_id         INTEGER NOT NULL REFERENCES users(id),
  group_id        INTEGER NOT NULL REFERENCES tournament_groups(id),
  rank            INTEGER NOT NULL,            -- at registration: the pairing and the group go by it
  first_round     INTEGER NOT NULL DEFAULT 1,
  withdrawn_after INTEGER,                     -- plays no round after this one
  registered_ms   INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- scheduled_ms: when the round starts (fixed times, or set when the round before ends).
CREATE TABLE tournament_rounds (
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  number        INTEGER NOT NULL CHECK (number >= 1),
  scheduled_ms  INTEGER,
  status        TEXT    NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'playing', 'finished')),
  started_ms    INTEGER,
  ended_ms      INTEGER,
  PRIMARY KEY (tournament_id, number)
) WITHOUT ROWID;

-- One game (or bye: white_id NULL) of a round in a group. outcome as the
-- pairing code spells it; how: played, forfeit (no-show), admin, bye.
CREATE TABLE tournament_pairings (
  id            INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
  group_id      INTEGER NOT NULL REFERENCES tournament_groups(id),
  round         INTEGER NOT NULL,
  black_id      INTEGER NOT NULL REFERENCES users(id),
  white_id      INTEGER REFERENCES users(id),
  game_id       INTEGER UNIQUE REFERENCES games(id),
  outcome       TEXT    NOT NULL DEFAULT 'pending'
                        CHECK (outcome IN ('pending', 'black_wins', 'white_wins', 'jigo', 'both_lose', 'bye')),
  how           TEXT    NOT NULL DEFAULT '' CHECK (how IN ('', 'played', 'forfeit', 'admin', 'bye')),
  decided_ms    INTEGER
);
CREATE INDEX tournament_pairings_by_round ON tournament_pairings(tournament_id, round, id);
