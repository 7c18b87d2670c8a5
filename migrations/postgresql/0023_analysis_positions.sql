-- A review's positions, one row each, so that a worker's report adds its
-- positions instead of rewriting the whole review on the writer's thread
-- (which runs every move's commit). The positions kept so far move over from
-- the JSON array they were kept in (the server wrote it, always as JSON:
-- an empty text is none).
CREATE TABLE analysis_positions (
  analysis_id BIGINT NOT NULL REFERENCES analyses(id),
  move        BIGINT NOT NULL,
  position    TEXT NOT NULL,
  PRIMARY KEY (analysis_id, move)
);
INSERT INTO analysis_positions (analysis_id, move, position)
  SELECT a.id, (p.value ->> 'move')::bigint, p.value::text
  FROM analyses a,
    jsonb_array_elements((CASE WHEN left(ltrim(a.result), 1) = '[' THEN a.result ELSE '[]' END)::jsonb) p
  WHERE jsonb_typeof(p.value -> 'move') = 'number' AND (p.value ->> 'move') ~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
ALTER TABLE analyses DROP COLUMN result;
