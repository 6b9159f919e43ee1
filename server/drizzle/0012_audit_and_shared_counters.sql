CREATE TABLE "security_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_email" text;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
-- audit_and_shared_counters: hand-written
-- The tenant wall is forced for the owner too: this data step works with every tenant's scope.
SELECT set_config('orbitra.scope', 'system', true);
--> statement-breakpoint
-- Entries written before the actor's email was kept get it now, while the users still exist.
UPDATE "audit_events" e SET "actor_email" = u."email" FROM "users" u WHERE u."id" = e."actor_user_id" AND e."actor_email" IS NULL;
--> statement-breakpoint
-- The trail is append-only for every role, the table's owner included; TRUNCATE stays possible for a restore or a test reset.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();
