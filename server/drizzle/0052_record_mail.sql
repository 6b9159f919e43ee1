CREATE TABLE "mailbox_folders" (
	"account_id" uuid NOT NULL,
	"role" text NOT NULL,
	"path" text NOT NULL,
	"uid_validity" bigint NOT NULL,
	"last_uid" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_folders_account_id_role_pk" PRIMARY KEY("account_id","role"),
	CONSTRAINT "mailbox_folders_role_valid" CHECK ("mailbox_folders"."role" in ('inbox', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "record_mails" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"prospect_id" uuid,
	"lead_id" uuid,
	"account_id" uuid,
	"user_id" uuid,
	"direction" text NOT NULL,
	"message_id" text NOT NULL,
	"in_reply_to" text,
	"thread_key" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"to_addresses" jsonb NOT NULL,
	"cc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"body_truncated" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"original" "bytea",
	"original_size" integer DEFAULT 0 NOT NULL,
	"outbox_id" uuid,
	"saved_to_sent_at" timestamp with time zone,
	"sent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_mails_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "record_mails_about_a_record" CHECK ("record_mails"."prospect_id" is not null or "record_mails"."lead_id" is not null),
	CONSTRAINT "record_mails_direction_valid" CHECK ("record_mails"."direction" in ('sent', 'received'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "notification_mail_kinds" DROP CONSTRAINT "notification_mail_kinds_kind_valid";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_valid";--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_host" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_port" integer;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "imap_security" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_host" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_port" integer;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "smtp_security" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "login_name" text;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "save_sent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "auth_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "auth_failure_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "fetch_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD COLUMN "fetch_error" text;--> statement-breakpoint
ALTER TABLE "mailbox_folders" ADD CONSTRAINT "mailbox_folders_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mails" ADD CONSTRAINT "record_mails_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mails" ADD CONSTRAINT "record_mails_account_id_email_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."email_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mails" ADD CONSTRAINT "record_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mails" ADD CONSTRAINT "record_mails_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mails" ADD CONSTRAINT "record_mails_prospect_fk" FOREIGN KEY ("tenant_id","prospect_id") REFERENCES "public"."prospects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_mails" ADD CONSTRAINT "record_mails_lead_fk" FOREIGN KEY ("tenant_id","lead_id") REFERENCES "public"."leads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_templates_id_idx" ON "mail_templates" USING btree ("id");--> statement-breakpoint
CREATE INDEX "mail_templates_created_by_idx" ON "mail_templates" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_name_unique" ON "mail_templates" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "record_mails_id_idx" ON "record_mails" USING btree ("id");--> statement-breakpoint
CREATE INDEX "record_mails_prospect_idx" ON "record_mails" USING btree ("tenant_id","prospect_id","sent_at");--> statement-breakpoint
CREATE INDEX "record_mails_lead_idx" ON "record_mails" USING btree ("tenant_id","lead_id","sent_at");--> statement-breakpoint
CREATE INDEX "record_mails_message_idx" ON "record_mails" USING btree ("tenant_id","message_id");--> statement-breakpoint
CREATE INDEX "record_mails_account_idx" ON "record_mails" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "record_mails_user_idx" ON "record_mails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "record_mails_outbox_idx" ON "record_mails" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "record_mails_prospect_message_unique" ON "record_mails" USING btree ("tenant_id","prospect_id","message_id") WHERE "record_mails"."prospect_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "record_mails_lead_message_unique" ON "record_mails" USING btree ("tenant_id","lead_id","message_id") WHERE "record_mails"."lead_id" is not null;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_imap_security_valid" CHECK ("email_accounts"."imap_security" is null or "email_accounts"."imap_security" in ('tls', 'starttls', 'none'));--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_smtp_security_valid" CHECK ("email_accounts"."smtp_security" is null or "email_accounts"."smtp_security" in ('tls', 'starttls', 'none'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_valid" CHECK ("mail_outbox"."kind" IN ('password_reset', 'quotation', 'quotation_reminder', 'quotation_expired', 'notification', 'record_mail'));--> statement-breakpoint
ALTER TABLE "notification_mail_kinds" ADD CONSTRAINT "notification_mail_kinds_kind_valid" CHECK ("notification_mail_kinds"."kind" in ('callback_due', 'task_due', 'record_assigned', 'quotation_viewed', 'quotation_accepted', 'quotation_rejected', 'import_finished', 'mail_received', 'mailbox_failed'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_valid" CHECK ("notifications"."kind" in ('callback_due', 'task_due', 'record_assigned', 'quotation_viewed', 'quotation_accepted', 'quotation_rejected', 'import_finished', 'mail_received', 'mailbox_failed'));--> statement-breakpoint
-- record mail: hand-written
SELECT orbitra_tenant_wall('record_mails');--> statement-breakpoint
SELECT orbitra_tenant_wall('mail_templates');--> statement-breakpoint
-- A record's mail is seen exactly as the record is, as its notes and tasks are: the lookups of
-- orbitra_sees_note_record pass the owner wall of prospects and leads.
CREATE POLICY record_wall_read ON record_mails AS RESTRICTIVE FOR SELECT USING ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id));--> statement-breakpoint
CREATE POLICY record_wall_change ON record_mails AS RESTRICTIVE FOR UPDATE USING ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id)) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY record_wall_delete ON record_mails AS RESTRICTIVE FOR DELETE USING ((SELECT orbitra_sees_all_owners()) OR orbitra_sees_note_record(tenant_id, prospect_id, lead_id));--> statement-breakpoint
-- The accounts kept before mailboxes had servers get their provider's: they are fetched and sent
-- from once their owner checks the connection (connected_at stays empty until then).
UPDATE email_accounts SET
  imap_host = CASE provider WHEN 'gmail' THEN 'imap.gmail.com' WHEN 'outlook' THEN 'outlook.office365.com' WHEN 'yahoo' THEN 'imap.mail.yahoo.com' WHEN 'zoho' THEN 'imap.zoho.com' END,
  imap_port = 993, imap_security = 'tls',
  smtp_host = CASE provider WHEN 'gmail' THEN 'smtp.gmail.com' WHEN 'outlook' THEN 'smtp.office365.com' WHEN 'yahoo' THEN 'smtp.mail.yahoo.com' WHEN 'zoho' THEN 'smtp.zoho.com' END,
  smtp_port = CASE provider WHEN 'outlook' THEN 587 ELSE 465 END,
  smtp_security = CASE provider WHEN 'outlook' THEN 'starttls' ELSE 'tls' END,
  save_sent = provider <> 'gmail'
WHERE provider IN ('gmail', 'outlook', 'yahoo', 'zoho');--> statement-breakpoint
SELECT orbitra_ensure_app_role();
