CREATE TABLE "record_notes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"prospect_id" uuid,
	"lead_id" uuid,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_notes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "record_notes_about_a_record" CHECK ("record_notes"."prospect_id" is not null or "record_notes"."lead_id" is not null),
	CONSTRAINT "record_notes_body_length" CHECK (char_length("record_notes"."body") between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "record_notes" ADD CONSTRAINT "record_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_notes" ADD CONSTRAINT "record_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_notes" ADD CONSTRAINT "record_notes_prospect_fk" FOREIGN KEY ("tenant_id","prospect_id") REFERENCES "public"."prospects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_notes" ADD CONSTRAINT "record_notes_lead_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_notes_id_idx" ON "record_notes" USING btree ("id");--> statement-breakpoint
CREATE INDEX "record_notes_prospect_idx" ON "record_notes" USING btree ("tenant_id","prospect_id");--> statement-breakpoint
CREATE INDEX "record_notes_lead_idx" ON "record_notes" USING btree ("tenant_id","lead_id");--> statement-breakpoint
CREATE INDEX "record_notes_author_id_idx" ON "record_notes" USING btree ("author_id");--> statement-breakpoint
-- record notes: hand-written
SELECT orbitra_tenant_wall('record_notes');--> statement-breakpoint
-- A note is seen, changed and deleted only by whoever sees its record: the lookups below pass the
-- owner wall of prospects and leads, so the notes follow their records' visibility.
CREATE FUNCTION orbitra_sees_note_record(note_tenant uuid, note_prospect uuid, note_lead uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
  SELECT (note_lead IS NOT NULL AND EXISTS (SELECT 1 FROM leads l WHERE l.tenant_id = note_tenant AND l.id = note_lead))
    OR (note_prospect IS NOT NULL AND EXISTS (SELECT 1 FROM prospects p WHERE p.tenant_id = note_tenant AND p.id = note_prospect))
$$;--> statement-breakpoint
CREATE POLICY record_wall_read ON record_notes AS RESTRICTIVE FOR SELECT USING ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id));--> statement-breakpoint
CREATE POLICY record_wall_change ON record_notes AS RESTRICTIVE FOR UPDATE USING ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id)) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY record_wall_delete ON record_notes AS RESTRICTIVE FOR DELETE USING ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id));--> statement-breakpoint
SELECT orbitra_ensure_app_role();
