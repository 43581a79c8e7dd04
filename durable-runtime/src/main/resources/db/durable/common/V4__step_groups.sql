-- Branches of a fan or parallel group: each checkpoint carries the position of its group's first
-- branch, so that a requeue can give the failed branches of the group that failed the run a fresh
-- budget, in place, while the branches that completed stay completed.
ALTER TABLE durable_steps ADD COLUMN group_seq INTEGER;
