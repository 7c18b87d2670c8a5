-- A game's settings are kept once, as columns: the two that lived only in
-- settings_json (the creator's colour choice and the ko rule) get columns of
-- their own, filled from the JSON of the games already played, and the JSON
-- goes. Values the server never wrote fall back to its defaults.
ALTER TABLE games ADD COLUMN color_choice TEXT NOT NULL DEFAULT 'auto'
  CHECK (color_choice IN ('auto', 'black', 'white'));
ALTER TABLE games ADD COLUMN ko_rule TEXT NOT NULL DEFAULT 'situational'
  CHECK (ko_rule IN ('simple', 'positional', 'situational'));

UPDATE games SET
  color_choice = CASE WHEN json_valid(settings_json)
                       AND json_extract(settings_json, '$.color') IN ('auto', 'black', 'white')
                      THEN json_extract(settings_json, '$.color') ELSE 'auto' END,
  ko_rule = CASE WHEN json_valid(settings_json)
                  AND json_extract(settings_json, '$.ko') IN ('simple', 'positional', 'situational')
                 THEN json_extract(settings_json, '$.ko') ELSE 'situational' END;

ALTER TABLE games DROP COLUMN settings_json;
