-- What a fork carries of its source's attributes (engine.fork): start_val is the value the key had
-- when the run's current generation began (StartOptions.attribute; after continueAsNew, the value
-- the key held then). A ctx.attribute call replaces val, never start_val; a key the generation's
-- own code set first has none (NULL). A fork holds the start values, then those its replayed
-- positions recorded. One text for H2 and PostgreSQL.
ALTER TABLE durable_run_attributes ADD COLUMN start_val VARCHAR(400);

-- Runs stored before: a key no recorded ctx.attribute call of the run set was given at its start
-- (or held when its generation began). A key a call set may have had a start value too, which no
-- row kept: it has none, and a fork from before that call does not hold the key.
UPDATE durable_run_attributes SET start_val = val WHERE NOT EXISTS (
    SELECT 1 FROM durable_steps s
    WHERE s.run_id = durable_run_attributes.run_id AND s.kind = 'VALUE' AND s.name = 'attribute'
      AND SUBSTRING(s.output FROM 1 FOR LENGTH(durable_run_attributes.name) + 1)
          = durable_run_attributes.name || '=');
