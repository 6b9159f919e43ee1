CREATE TABLE "lead_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_counters" ADD CONSTRAINT "lead_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- lead_counters: hand-written
-- The leads list's total follows every insert and delete of leads, whatever makes it (a prospect's
-- deletion takes its lead with it), and a lead moved to another tenant. Inserts and deletes are
-- counted once per statement, so loading many leads costs one update of the counter, not one per row.
CREATE FUNCTION "lead_counters_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lead_counters" AS c ("tenant_id", "total")
  SELECT "tenant_id", count(*)::int FROM "added_leads" GROUP BY "tenant_id"
  ON CONFLICT ("tenant_id") DO UPDATE SET "total" = c."total" + EXCLUDED."total";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_counters_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lead_counters" AS c SET "total" = c."total" - gone."n"
  FROM (SELECT "tenant_id", count(*)::int AS "n" FROM "removed_leads" GROUP BY "tenant_id") AS gone
  WHERE c."tenant_id" = gone."tenant_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "lead_counters_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lead_counters" SET "total" = "total" - 1 WHERE "tenant_id" = OLD."tenant_id";
  INSERT INTO "lead_counters" AS c ("tenant_id", "total") VALUES (NEW."tenant_id", 1)
  ON CONFLICT ("tenant_id") DO UPDATE SET "total" = c."total" + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_counters_insert" AFTER INSERT ON "leads" REFERENCING NEW TABLE AS "added_leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_counters_add"();--> statement-breakpoint
CREATE TRIGGER "leads_counters_delete" AFTER DELETE ON "leads" REFERENCING OLD TABLE AS "removed_leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "lead_counters_remove"();--> statement-breakpoint
CREATE TRIGGER "leads_counters_move" AFTER UPDATE OF "tenant_id" ON "leads"
  FOR EACH ROW WHEN (OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id") EXECUTE FUNCTION "lead_counters_move"();--> statement-breakpoint
-- The tenant wall is forced for the owner too: counting every tenant's leads takes every tenant's scope.
SELECT set_config('orbitra.scope', 'system', true);--> statement-breakpoint
SELECT orbitra_tenant_wall('lead_counters');--> statement-breakpoint
INSERT INTO "lead_counters" ("tenant_id", "total")
SELECT "tenant_id", count(*)::int FROM "leads" GROUP BY "tenant_id";
