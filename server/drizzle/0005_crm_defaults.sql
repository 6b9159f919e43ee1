-- Tenants that existed before the CRM tables get what a new tenant gets at creation
-- (src/modules/crm-defaults/defaults.ts holds the same list for new tenants), plus their
-- prospect counter row. Idempotent: only tenants without any status, stage or counter.
INSERT INTO "status_options" ("tenant_id", "name", "description", "sort_order", "converts_to_lead", "removes_from_prospects")
SELECT t."id", d.name, d.description, d.sort_order, d.converts_to_lead, d.removes_from_prospects
FROM "tenants" t
CROSS JOIN (VALUES
  ('New', 'Not contacted yet', 0, false, false),
  ('No Answer', 'Called; nobody answered', 1, false, false),
  ('Call Back', 'Asked to be called again later', 2, false, false),
  ('Interested', 'Wants to talk business: becomes a lead', 3, true, false),
  ('Not Interested', 'Declined: leaves the prospects list', 4, false, true),
  ('Do Not Call', 'Must not be called again: leaves the prospects list', 5, false, true)
) AS d(name, description, sort_order, converts_to_lead, removes_from_prospects)
WHERE NOT EXISTS (SELECT 1 FROM "status_options" s WHERE s."tenant_id" = t."id");
--> statement-breakpoint
INSERT INTO "pipeline_stages" ("tenant_id", "name", "description", "sort_order", "color")
SELECT t."id", d.name, d.description, d.sort_order, d.color
FROM "tenants" t
CROSS JOIN (VALUES
  ('New', 'Just added', 0, '#6B7280'),
  ('Contacted', 'First conversation held', 1, '#3B82F6'),
  ('Qualified', 'Has the need and the budget', 2, '#8B5CF6'),
  ('Proposal', 'Offer sent', 3, '#F59E0B'),
  ('Negotiation', 'Agreeing terms', 4, '#F97316'),
  ('Won', 'Became a customer', 5, '#10B981'),
  ('Lost', 'Went elsewhere or stopped', 6, '#EF4444')
) AS d(name, description, sort_order, color)
WHERE NOT EXISTS (SELECT 1 FROM "pipeline_stages" s WHERE s."tenant_id" = t."id");
--> statement-breakpoint
INSERT INTO "prospect_counters" ("tenant_id", "active")
SELECT t."id", 0 FROM "tenants" t
ON CONFLICT ("tenant_id") DO NOTHING;
