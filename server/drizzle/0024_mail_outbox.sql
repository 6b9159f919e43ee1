-- mail_outbox: hand-written
-- Every outbound mail is a row here, written in the transaction of the action that causes it, and
-- delivered by a worker (server/src/mail/). The row is the truth about the mail: queued, sent, failed
-- (with the SMTP server's answer) or not_configured (no SMTP_URL, kept so the quotation can say so).
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"kind" text NOT NULL,
	"quotation_id" uuid,
	"to_address" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 13 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_kind_valid" CHECK ("kind" IN ('password_reset', 'quotation', 'quotation_reminder', 'quotation_expired')),
	CONSTRAINT "mail_outbox_status_valid" CHECK ("status" IN ('queued', 'sent', 'failed', 'not_configured'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_quotation_fk" FOREIGN KEY ("tenant_id", "quotation_id") REFERENCES "public"."quotations"("tenant_id", "id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The worker's question: what is due now.
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" ("next_attempt_at") WHERE "status" = 'queued';
--> statement-breakpoint
CREATE INDEX "mail_outbox_quotation_idx" ON "mail_outbox" ("tenant_id", "quotation_id", "created_at");
--> statement-breakpoint
-- A reminder and an expiry notice go out once per quotation, however many instances look for them.
CREATE UNIQUE INDEX "mail_outbox_once_per_quotation" ON "mail_outbox" ("quotation_id", "kind") WHERE "kind" IN ('quotation_reminder', 'quotation_expired');
--> statement-breakpoint
SELECT orbitra_tenant_wall('mail_outbox');
--> statement-breakpoint
-- On PostgreSQL the queue (graphile-worker, in its own schema, made by the owner when the server
-- starts) gets a job for each new row in the same transaction. The app role cannot write the queue's
-- tables, so this runs as the owner; without the queue's schema (PGlite) the in-process worker polls.
CREATE OR REPLACE FUNCTION orbitra_mail_outbox_enqueue() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF NEW.status = 'queued' AND to_regprocedure('graphile_worker.add_job(text,json,text,timestamp with time zone,integer,text,integer,text[],text)') IS NOT NULL THEN
    EXECUTE 'SELECT graphile_worker.add_job($1, json_build_object(''id'', $2), max_attempts := $3, job_key := $4, job_key_mode := ''preserve_run_at'')'
      USING 'deliver_mail', NEW.id, NEW.max_attempts, 'mail:' || NEW.id::text;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "mail_outbox_enqueue" AFTER INSERT ON "mail_outbox" FOR EACH ROW WHEN (NEW.status = 'queued') EXECUTE FUNCTION orbitra_mail_outbox_enqueue();
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "quotation_reminder_days" integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_quotation_reminder_days_valid" CHECK ("quotation_reminder_days" BETWEEN 0 AND 365);
--> statement-breakpoint
ALTER TABLE "quotation_events" DROP CONSTRAINT "quotation_events_kind_valid";
--> statement-breakpoint
ALTER TABLE "quotation_events" ADD CONSTRAINT "quotation_events_kind_valid" CHECK ("kind" in ('created', 'edited', 'sent', 'viewed', 'accepted', 'rejected', 'reminded', 'expired'));
