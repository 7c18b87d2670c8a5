-- How a Swiss or McMahon pairs players within a score group, in round 1 and
-- in the rounds after it: adjacent (1-2, 3-4), fold (1-n) or slide (1-(n/2+1)).
ALTER TABLE tournaments ADD COLUMN pairing TEXT COLLATE "C" NOT NULL DEFAULT 'adjacent';
ALTER TABLE tournaments ADD COLUMN first_round_pairing TEXT COLLATE "C" NOT NULL DEFAULT 'adjacent';
