-- prospect_counters: hand-written
-- The active prospects total per tenant is kept by triggers, like lead_counters and
-- prospect_owner_counters: every insert, delete and change of state or tenant counts, whatever
-- makes it (a create, an upload, a revert, a conversion, a fix by hand), and no code path can
-- forget it. Inserts and deletes are counted once per statement, so an upload of a thousand rows
-- costs one update of the counter.
CREATE FUNCTION "prospect_counters_add"() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  INSERT INTO "prospect_counters" AS c ("tenant_id", "active")
  SELECT "tenant_id", count(*)::int FROM "added_prospects" WHERE "state" = 'active' GROUP BY "tenant_id"
  ON CONFLICT ("tenant_id") DO UPDATE SET "active" = c."active" + EXCLUDED."active";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "prospect_counters_remove"() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE "prospect_counters" AS c SET "active" = c."active" - gone."n"
  FROM (SELECT "tenant_id", count(*)::int AS "n" FROM "removed_prospects" WHERE "state" = 'active' GROUP BY "tenant_id") AS gone
  WHERE c."tenant_id" = gone."tenant_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "prospect_counters_change"() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF OLD."state" = 'active' THEN
    UPDATE "prospect_counters" SET "active" = "active" - 1 WHERE "tenant_id" = OLD."tenant_id";
  END IF;
  IF NEW."state" = 'active' THEN
    INSERT INTO "prospect_counters" AS c ("tenant_id", "active") VALUES (NEW."tenant_id", 1)
    ON CONFLICT ("tenant_id") DO UPDATE SET "active" = c."active" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "prospects_counters_insert" AFTER INSERT ON "prospects" REFERENCING NEW TABLE AS "added_prospects"
  FOR EACH STATEMENT EXECUTE FUNCTION "prospect_counters_add"();--> statement-breakpoint
CREATE TRIGGER "prospects_counters_delete" AFTER DELETE ON "prospects" REFERENCING OLD TABLE AS "removed_prospects"
  FOR EACH STATEMENT EXECUTE FUNCTION "prospect_counters_remove"();--> statement-breakpoint
CREATE TRIGGER "prospects_counters_change" AFTER UPDATE OF "state", "tenant_id" ON "prospects"
  FOR EACH ROW WHEN (OLD."state" IS DISTINCT FROM NEW."state" OR OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id")
  EXECUTE FUNCTION "prospect_counters_change"();--> statement-breakpoint
-- Counted afresh from the rows, so a total the application code had let drift starts right.
SELECT set_config('orbitra.scope', 'system', true);--> statement-breakpoint
UPDATE "prospect_counters" AS c
SET "active" = (SELECT count(*)::int FROM "prospects" p WHERE p."tenant_id" = c."tenant_id" AND p."state" = 'active');--> statement-breakpoint
INSERT INTO "prospect_counters" ("tenant_id", "active")
SELECT "tenant_id", count(*)::int FROM "prospects" WHERE "state" = 'active' GROUP BY "tenant_id"
ON CONFLICT ("tenant_id") DO NOTHING;
