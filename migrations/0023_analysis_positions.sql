-- A review's positions, one row each, so that a worker's report adds its
-- positions instead of rewriting the whole review on the writer's thread
-- (which runs every move's commit). The positions kept so far move over from
-- the JSON array they were kept in.
CREATE TABLE analysis_positions (
  analysis_id INTEGER NOT NULL REFERENCES analyses(id),
  move        INTEGER NOT NULL,
  position    TEXT NOT NULL,
  PRIMARY KEY (analysis_id, move)
);
INSERT INTO analysis_positions (analysis_id, move, position)
  SELECT a.id, json_extract(p.value, '$.move'), p.value
  FROM analyses a, json_each(a.result) p
  WHERE a.result <> '' AND json_valid(a.result) AND json_type(p.value, '$.move') = 'integer'
  ON CONFLICT DO NOTHING;
ALTER TABLE analyses DROP COLUMN result;
