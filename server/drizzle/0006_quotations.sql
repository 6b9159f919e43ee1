CREATE TABLE "quotation_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"quotation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"user_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "quotation_events_kind_valid" CHECK ("quotation_events"."kind" in ('created', 'edited', 'sent', 'viewed', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"lead_id" uuid,
	"created_by" uuid,
	"company_name" text DEFAULT '' NOT NULL,
	"company_address" text DEFAULT '' NOT NULL,
	"company_phone" text DEFAULT '' NOT NULL,
	"company_email" text DEFAULT '' NOT NULL,
	"company_website" text DEFAULT '' NOT NULL,
	"client_name" text DEFAULT '' NOT NULL,
	"client_address" text DEFAULT '' NOT NULL,
	"client_email" text DEFAULT '' NOT NULL,
	"client_phone" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"product_name" text DEFAULT '' NOT NULL,
	"product_overview" text DEFAULT '' NOT NULL,
	"product_description" text DEFAULT '' NOT NULL,
	"subscription_plan" text DEFAULT '' NOT NULL,
	"subscription_includes" text DEFAULT '' NOT NULL,
	"included_storage" text DEFAULT '' NOT NULL,
	"additional_storage_rate_cents" bigint DEFAULT 0 NOT NULL,
	"storage_block_size" text DEFAULT '' NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"discount_rate_bp" integer DEFAULT 0 NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"quote_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"items" jsonb NOT NULL,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"share_nonce" text,
	"share_token_hash" text,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"accepted_by" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "quotations_status_valid" CHECK ("quotations"."status" in ('draft', 'sent', 'accepted', 'rejected')),
	CONSTRAINT "quotations_rates_valid" CHECK ("quotations"."tax_rate_bp" between 0 and 10000 and "quotations"."discount_rate_bp" between 0 and 10000),
	CONSTRAINT "quotations_dates_valid" CHECK ("quotations"."valid_until" >= "quotations"."quote_date")
);
--> statement-breakpoint
ALTER TABLE "quotation_counters" ADD CONSTRAINT "quotation_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_events" ADD CONSTRAINT "quotation_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_events" ADD CONSTRAINT "quotation_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_events" ADD CONSTRAINT "quotation_events_quotation_fk" FOREIGN KEY ("tenant_id","quotation_id") REFERENCES "public"."quotations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_events_quotation_idx" ON "quotation_events" USING btree ("tenant_id","quotation_id","created_at");--> statement-breakpoint
CREATE INDEX "quotation_events_user_id_idx" ON "quotation_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quotations_id_idx" ON "quotations" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_tenant_number_unique" ON "quotations" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_share_token_hash_unique" ON "quotations" USING btree ("share_token_hash");--> statement-breakpoint
CREATE INDEX "quotations_page_idx" ON "quotations" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quotations_status_page_idx" ON "quotations" USING btree ("tenant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quotations_sent_valid_idx" ON "quotations" USING btree ("tenant_id","valid_until") WHERE "quotations"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "quotations_search_trgm_idx" ON "quotations" USING gin ("tenant_id",lower("title" || ' ' || "client_name" || ' ' || "number") gin_trgm_ops);--> statement-breakpoint
-- The list's counters follow every insert, delete and change of status or total, whatever makes it.
CREATE FUNCTION "quotation_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "quotation_counters" SET
      "total" = "total" - 1,
      "total_cents" = "total_cents" - OLD."total_cents",
      "accepted" = "accepted" - (OLD."status" = 'accepted')::int,
      "sent" = "sent" - (OLD."status" = 'sent')::int
    WHERE "tenant_id" = OLD."tenant_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "quotation_counters" AS c ("tenant_id", "total", "total_cents", "accepted", "sent")
    VALUES (NEW."tenant_id", 1, NEW."total_cents", (NEW."status" = 'accepted')::int, (NEW."status" = 'sent')::int)
    ON CONFLICT ("tenant_id") DO UPDATE SET
      "total" = c."total" + 1,
      "total_cents" = c."total_cents" + EXCLUDED."total_cents",
      "accepted" = c."accepted" + EXCLUDED."accepted",
      "sent" = c."sent" + EXCLUDED."sent";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "quotations_counters" AFTER INSERT OR DELETE OR UPDATE OF "status", "total_cents", "tenant_id" ON "quotations"
  FOR EACH ROW EXECUTE FUNCTION "quotation_counters_apply"();
