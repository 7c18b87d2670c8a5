-- Who won each ended game, for the win/loss counts: 'black', 'white', or
-- NULL for a draw ("0"), an aborted game ("Void") and a game in progress.
-- `result` keeps the SGF text ("B+R", "W+3.5") and `reason` how the game
-- ended ("resignation", "time", "count", "forfeit", "aborted").
ALTER TABLE games ADD COLUMN winner TEXT CHECK (winner IN ('black', 'white'));
UPDATE games
SET winner = CASE substr(result, 1, 2) WHEN 'B+' THEN 'black' WHEN 'W+' THEN 'white' END
WHERE status = 'ended';
