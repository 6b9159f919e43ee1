-- claim_row_per_prospect: hand-written
-- Every prospect has its claim row from the moment it is created, so the queue's claim locks that
-- row (FOR UPDATE SKIP LOCKED) and PostgreSQL rechecks the lease on the newest version of the row
-- it locked: a prospect another caller claimed after the claiming statement began is passed over
-- inside the same statement. A row that was never claimed has no caller and no expiry.
ALTER TABLE "call_queue_claims" ALTER COLUMN "caller" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_queue_claims" ALTER COLUMN "expires_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_queue_claims" DROP COLUMN "version";--> statement-breakpoint
-- A user who goes leaves the prospects they held free, and the rows in place.
ALTER TABLE "call_queue_claims" DROP CONSTRAINT "call_queue_claims_caller_users_id_fk";--> statement-breakpoint
ALTER TABLE "call_queue_claims" ADD CONSTRAINT "call_queue_claims_caller_users_id_fk" FOREIGN KEY ("caller") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "call_queue_claims" ("tenant_id", "prospect_id")
  SELECT "tenant_id", "id" FROM "prospects" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "call_queue_claim_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_queue_claims (tenant_id, prospect_id) SELECT tenant_id, id FROM added_prospects;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "prospects_claim_rows" AFTER INSERT ON "prospects" REFERENCING NEW TABLE AS "added_prospects"
  FOR EACH STATEMENT EXECUTE FUNCTION "call_queue_claim_rows"();--> statement-breakpoint
DROP FUNCTION "orbitra_claim_live"(uuid, uuid, timestamptz);
