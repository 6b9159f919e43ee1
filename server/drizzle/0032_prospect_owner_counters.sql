CREATE TABLE "prospect_owner_counters" (
	"tenant_id" uuid NOT NULL,
	"owner_key" uuid NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prospect_owner_counters_tenant_id_owner_key_pk" PRIMARY KEY("tenant_id","owner_key")
);
--> statement-breakpoint
ALTER TABLE "prospect_owner_counters" ADD CONSTRAINT "prospect_owner_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- prospect_owner_counters: hand-written
-- The active prospects per tenant and owner (owner_key: the owner, or the zero uuid for unassigned
-- ones), so the list's total for a user who sees only some owners' prospects is a sum of a few
-- rows, not a count of their prospects. Inserts and deletes are counted once per statement; a
-- change of state or owner once per row, and only when one of them changes.
CREATE FUNCTION "prospect_owner_counters_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "prospect_owner_counters" AS c ("tenant_id", "owner_key", "active")
  SELECT "tenant_id", coalesce("owner_id", '00000000-0000-0000-0000-000000000000'), count(*)::int
  FROM "added_prospects" WHERE "state" = 'active' GROUP BY 1, 2
  ON CONFLICT ("tenant_id", "owner_key") DO UPDATE SET "active" = c."active" + EXCLUDED."active";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "prospect_owner_counters_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "prospect_owner_counters" AS c SET "active" = c."active" - gone."n"
  FROM (SELECT "tenant_id", coalesce("owner_id", '00000000-0000-0000-0000-000000000000') AS "owner_key", count(*)::int AS "n"
        FROM "removed_prospects" WHERE "state" = 'active' GROUP BY 1, 2) AS gone
  WHERE c."tenant_id" = gone."tenant_id" AND c."owner_key" = gone."owner_key";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "prospect_owner_counters_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."state" = 'active' THEN
    UPDATE "prospect_owner_counters" SET "active" = "active" - 1
    WHERE "tenant_id" = OLD."tenant_id" AND "owner_key" = coalesce(OLD."owner_id", '00000000-0000-0000-0000-000000000000');
  END IF;
  IF NEW."state" = 'active' THEN
    INSERT INTO "prospect_owner_counters" AS c ("tenant_id", "owner_key", "active")
    VALUES (NEW."tenant_id", coalesce(NEW."owner_id", '00000000-0000-0000-0000-000000000000'), 1)
    ON CONFLICT ("tenant_id", "owner_key") DO UPDATE SET "active" = c."active" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "prospects_owner_counters_insert" AFTER INSERT ON "prospects" REFERENCING NEW TABLE AS "added_prospects"
  FOR EACH STATEMENT EXECUTE FUNCTION "prospect_owner_counters_add"();--> statement-breakpoint
CREATE TRIGGER "prospects_owner_counters_delete" AFTER DELETE ON "prospects" REFERENCING OLD TABLE AS "removed_prospects"
  FOR EACH STATEMENT EXECUTE FUNCTION "prospect_owner_counters_remove"();--> statement-breakpoint
CREATE TRIGGER "prospects_owner_counters_change" AFTER UPDATE OF "state", "owner_id", "tenant_id" ON "prospects"
  FOR EACH ROW WHEN (OLD."state" IS DISTINCT FROM NEW."state" OR OLD."owner_id" IS DISTINCT FROM NEW."owner_id" OR OLD."tenant_id" IS DISTINCT FROM NEW."tenant_id")
  EXECUTE FUNCTION "prospect_owner_counters_change"();--> statement-breakpoint
SELECT set_config('orbitra.scope', 'system', true);--> statement-breakpoint
SELECT orbitra_tenant_wall('prospect_owner_counters');--> statement-breakpoint
INSERT INTO "prospect_owner_counters" ("tenant_id", "owner_key", "active")
SELECT "tenant_id", coalesce("owner_id", '00000000-0000-0000-0000-000000000000'), count(*)::int FROM "prospects" WHERE "state" = 'active' GROUP BY 1, 2;
