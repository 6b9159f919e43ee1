CREATE TABLE "teams" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"tenant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "team_members_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teams_id_idx" ON "teams" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_tenant_name_unique" ON "teams" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "team_members_team_idx" ON "team_members" USING btree ("tenant_id","team_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "visibility" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_visibility_valid" CHECK ("users"."visibility" in ('own', 'team', 'all'));--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotations_owner_idx" ON "quotations" USING btree ("tenant_id","owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- teams and visibility: hand-written
SELECT orbitra_tenant_wall('teams');--> statement-breakpoint
SELECT orbitra_tenant_wall('team_members');--> statement-breakpoint
-- The owners whose records the context's user sees besides unassigned ones: '*' for every owner
-- (visibility all), else a uuid[] literal (own: the user; team: the team's members). A context
-- that does not say sees no one's records; system and admin contexts see all (orbitra_sees_all_tenants).
CREATE OR REPLACE FUNCTION orbitra_sees_all_owners() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (SELECT orbitra_sees_all_tenants()) OR coalesce(current_setting('orbitra.owner_ids', true), '') = '*'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orbitra_owner_ids() RETURNS uuid[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN coalesce(current_setting('orbitra.owner_ids', true), '') IN ('', '*') THEN '{}'::uuid[]
    ELSE current_setting('orbitra.owner_ids', true)::uuid[] END
$$;
--> statement-breakpoint
-- The owner wall of a table with owner_id, restrictive, so it narrows the tenant wall. Reading,
-- changing and deleting a row need its owner to be visible; a change may hand the row to any owner
-- (assigning a record to a colleague), and inserting is the tenant wall's alone.
CREATE OR REPLACE FUNCTION orbitra_owner_wall(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  visible text := '(SELECT orbitra_sees_all_owners()) OR owner_id IS NULL OR owner_id = ANY ((SELECT orbitra_owner_ids())::uuid[])';
BEGIN
  EXECUTE format('DROP POLICY IF EXISTS owner_wall_read ON %s', tbl);
  EXECUTE format('DROP POLICY IF EXISTS owner_wall_change ON %s', tbl);
  EXECUTE format('DROP POLICY IF EXISTS owner_wall_delete ON %s', tbl);
  EXECUTE format('CREATE POLICY owner_wall_read ON %s AS RESTRICTIVE FOR SELECT USING (%s)', tbl, visible);
  EXECUTE format('CREATE POLICY owner_wall_change ON %s AS RESTRICTIVE FOR UPDATE USING (%s) WITH CHECK (true)', tbl, visible);
  EXECUTE format('CREATE POLICY owner_wall_delete ON %s AS RESTRICTIVE FOR DELETE USING (%s)', tbl, visible);
END $$;
--> statement-breakpoint
SELECT orbitra_owner_wall(t::regclass) FROM unnest(ARRAY['prospects', 'leads', 'quotations']) AS t;--> statement-breakpoint
SELECT orbitra_ensure_app_role();--> statement-breakpoint
-- A quotation is its creator's.
SELECT set_config('orbitra.scope', 'system', true);--> statement-breakpoint
UPDATE "quotations" SET "owner_id" = "created_by" WHERE "created_by" IS NOT NULL;
