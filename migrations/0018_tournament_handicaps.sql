-- McMahon handicaps: each game of a McMahon is given its players' McMahon
-- score difference in whole points, less handicap_reduction, at most
-- handicap_max stones (0: even games only). A pairing keeps the handicap it
-- was given; black is then the weaker player.
ALTER TABLE tournaments ADD COLUMN handicap_max INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN handicap_reduction INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tournament_pairings ADD COLUMN handicap INTEGER NOT NULL DEFAULT 0;
