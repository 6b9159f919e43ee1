CREATE TABLE "notification_mail_kinds" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "notification_mail_kinds_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_mail_kinds_kind_valid" CHECK ("notification_mail_kinds"."kind" in ('callback_due', 'record_assigned', 'quotation_viewed', 'quotation_accepted', 'quotation_rejected', 'import_finished'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"prospect_id" uuid,
	"lead_id" uuid,
	"quotation_id" uuid,
	"once_key" text,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('callback_due', 'record_assigned', 'quotation_viewed', 'quotation_accepted', 'quotation_rejected', 'import_finished')),
	CONSTRAINT "notifications_text_length" CHECK (char_length("notifications"."text") between 1 and 1000),
	CONSTRAINT "notifications_link_in_app" CHECK ("notifications"."link" is null or "notifications"."link" like '/%')
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "notification_mail_kinds" ADD CONSTRAINT "notification_mail_kinds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_prospect_fk" FOREIGN KEY ("tenant_id","prospect_id") REFERENCES "public"."prospects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_lead_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_quotation_fk" FOREIGN KEY ("tenant_id","quotation_id") REFERENCES "public"."quotations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_id_idx" ON "notifications" USING btree ("id");--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_prospect_idx" ON "notifications" USING btree ("tenant_id","prospect_id");--> statement-breakpoint
CREATE INDEX "notifications_lead_idx" ON "notifications" USING btree ("tenant_id","lead_id");--> statement-breakpoint
CREATE INDEX "notifications_quotation_idx" ON "notifications" USING btree ("tenant_id","quotation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_idx" ON "notifications" USING btree ("tenant_id","user_id","once_key");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_valid" CHECK ("mail_outbox"."kind" IN ('password_reset', 'quotation', 'quotation_reminder', 'quotation_expired', 'notification'));--> statement-breakpoint
-- notifications: hand-written
SELECT orbitra_tenant_wall('notifications');--> statement-breakpoint
-- A notification is its user's alone, admins' too: reading, marking and deleting one need the
-- context's user to be its user (system work, the due sweep and the seed, passes). Writing one is
-- the tenant wall's alone, as an event's author writes it for someone else.
CREATE FUNCTION orbitra_is_notified(notified uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
  SELECT coalesce(current_setting('orbitra.scope', true), '') = 'system' OR notified = (SELECT orbitra_user_id())
$$;--> statement-breakpoint
-- And only while its user still sees the record it is about: the lookups pass the owner wall of
-- prospects, leads and quotations, so a record handed on out of sight takes its notifications along.
CREATE FUNCTION orbitra_sees_notification_record(n_tenant uuid, n_prospect uuid, n_lead uuid, n_quotation uuid) RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
  SELECT (n_prospect IS NULL OR EXISTS (SELECT 1 FROM prospects p WHERE p.tenant_id = n_tenant AND p.id = n_prospect))
    AND (n_lead IS NULL OR EXISTS (SELECT 1 FROM leads l WHERE l.tenant_id = n_tenant AND l.id = n_lead))
    AND (n_quotation IS NULL OR EXISTS (SELECT 1 FROM quotations q WHERE q.tenant_id = n_tenant AND q.id = n_quotation))
$$;--> statement-breakpoint
CREATE POLICY recipient_wall_read ON notifications AS RESTRICTIVE FOR SELECT USING (orbitra_is_notified(user_id) AND ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_notification_record(tenant_id, prospect_id, lead_id, quotation_id)));--> statement-breakpoint
CREATE POLICY recipient_wall_change ON notifications AS RESTRICTIVE FOR UPDATE USING (orbitra_is_notified(user_id) AND ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_notification_record(tenant_id, prospect_id, lead_id, quotation_id))) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY recipient_wall_delete ON notifications AS RESTRICTIVE FOR DELETE USING (orbitra_is_notified(user_id));--> statement-breakpoint
SELECT orbitra_ensure_app_role();
