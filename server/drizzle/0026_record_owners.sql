-- record_owners: hand-written
-- Who owns a prospect or a lead: a user of its tenant, or nobody (unassigned).
ALTER TABLE "prospects" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The owner filter walks the list's order within one owner (and serves the foreign key).
CREATE INDEX "prospects_active_owner_idx" ON "prospects" USING btree ("tenant_id","owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "prospects"."state" = 'active';--> statement-breakpoint
CREATE INDEX "prospects_owner_idx" ON "prospects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "leads_owner_idx" ON "leads" USING btree ("tenant_id","owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- A lead someone was assigned is theirs.
SELECT set_config('orbitra.scope', 'system', true);--> statement-breakpoint
UPDATE "leads" SET "owner_id" = "assigned_to" WHERE "assigned_to" IS NOT NULL;
