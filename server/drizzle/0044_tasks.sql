CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"due_date" date NOT NULL,
	"due_time" time,
	"owner_id" uuid,
	"created_by" uuid,
	"prospect_id" uuid,
	"lead_id" uuid,
	"callback_id" uuid,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "tasks_about_a_record" CHECK ("tasks"."prospect_id" is not null or "tasks"."lead_id" is not null),
	CONSTRAINT "tasks_type" CHECK ("tasks"."type" in ('call', 'email', 'meeting', 'todo')),
	CONSTRAINT "tasks_title_length" CHECK (char_length("tasks"."title") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_prospect_fk" FOREIGN KEY ("tenant_id","prospect_id") REFERENCES "public"."prospects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_lead_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_callback_fk" FOREIGN KEY ("tenant_id","callback_id") REFERENCES "public"."callbacks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_id_idx" ON "tasks" USING btree ("id");--> statement-breakpoint
CREATE INDEX "tasks_prospect_idx" ON "tasks" USING btree ("tenant_id","prospect_id");--> statement-breakpoint
CREATE INDEX "tasks_lead_idx" ON "tasks" USING btree ("tenant_id","lead_id");--> statement-breakpoint
CREATE INDEX "tasks_open_owner_idx" ON "tasks" USING btree ("tenant_id","owner_id","due_date") WHERE "tasks"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_callback_idx" ON "tasks" USING btree ("tenant_id","callback_id");--> statement-breakpoint
CREATE INDEX "tasks_owner_id_idx" ON "tasks" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "tasks_created_by_idx" ON "tasks" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "tasks_done_by_idx" ON "tasks" USING btree ("done_by");--> statement-breakpoint
-- tasks: hand-written
SELECT orbitra_tenant_wall('tasks');--> statement-breakpoint
-- A task is seen, changed and deleted only by whoever sees its record, exactly as a note
-- (orbitra_sees_note_record of 0043 takes any row's tenant, prospect and lead).
CREATE POLICY record_wall_read ON tasks AS RESTRICTIVE FOR SELECT USING ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id));--> statement-breakpoint
CREATE POLICY record_wall_change ON tasks AS RESTRICTIVE FOR UPDATE USING ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id)) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY record_wall_delete ON tasks AS RESTRICTIVE FOR DELETE USING ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id));--> statement-breakpoint
-- The open callbacks scheduled before tasks existed get their call task, due at their time in the database's time zone.
INSERT INTO tasks (tenant_id, type, title, due_date, due_time, owner_id, created_by, prospect_id, callback_id)
SELECT b.tenant_id, 'call', left('Call back ' || p.name, 200), (b.due_at AT TIME ZONE current_setting('TimeZone'))::date,
  date_trunc('minute', (b.due_at AT TIME ZONE current_setting('TimeZone')))::time, b.owner, b.owner, b.prospect_id, b.id
FROM callbacks b JOIN prospects p ON p.tenant_id = b.tenant_id AND p.id = b.prospect_id
WHERE b.done_at IS NULL;--> statement-breakpoint
SELECT orbitra_ensure_app_role();
