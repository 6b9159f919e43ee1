-- lead_probability_follows_stage: hand-written
-- A lead's probability is its own only when a user set one; otherwise it follows its stage. Edit
-- Value used to send the probability it showed, so saving a new value stored the stage's default
-- as the lead's own and froze it there when the lead moved on. Those stored copies cannot be told
-- apart from a probability a user typed. The rule kept here: clear a stored probability that equals
-- the default of the stage the lead is in now. Such a lead shows exactly the same probability
-- after the change as before (its stage's), so no figure anyone sees today moves, and from now on
-- it follows its stage. A stored probability that differs from its stage's default is kept: it may
-- be one a user set, and dropping it would change what they see (a frozen one from an earlier
-- stage is left for its owner to clear with "Use the stage's"). Leads without a stage keep theirs.
SELECT set_config('orbitra.scope', 'system', true);--> statement-breakpoint
UPDATE "leads" AS l SET "probability" = NULL
FROM "pipeline_stages" AS g
WHERE g."tenant_id" = l."tenant_id" AND g."id" = l."pipeline_stage_id" AND l."probability" = g."probability";
