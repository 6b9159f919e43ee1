-- lead_value: hand-written
-- A tenant's amounts are in one currency (ISO 4217).
ALTER TABLE "tenants" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_currency_valid" CHECK ("tenants"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
-- A stage is open, won or lost, with the probability a lead in it closes unless the lead says otherwise.
ALTER TABLE "pipeline_stages" ADD COLUMN "kind" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD COLUMN "probability" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_kind_valid" CHECK ("pipeline_stages"."kind" in ('open', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_probability_range" CHECK ("pipeline_stages"."probability" between 0 and 100);--> statement-breakpoint
-- Existing tenants' default stages get the kinds and probabilities a new tenant starts with.
SELECT set_config('orbitra.scope', 'system', true);--> statement-breakpoint
UPDATE "pipeline_stages" AS g SET "kind" = d."kind", "probability" = d."probability"
FROM (VALUES ('new', 'open', 10), ('contacted', 'open', 20), ('qualified', 'open', 40), ('proposal', 'open', 60),
             ('negotiation', 'open', 80), ('won', 'won', 100), ('lost', 'lost', 0)) AS d("name", "kind", "probability")
WHERE lower(g."name") = d."name";--> statement-breakpoint
-- What a lead is worth, when it is expected to close and how likely (null: its stage's probability).
ALTER TABLE "leads" ADD COLUMN "value" numeric(15, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expected_close_date" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "probability" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "won_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_value_range" CHECK ("leads"."value" >= 0 and "leads"."value" <= 1000000000000);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_probability_range" CHECK ("leads"."probability" between 0 and 100);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_lost_reason_length" CHECK (char_length("leads"."lost_reason") <= 500);--> statement-breakpoint
CREATE INDEX "leads_value_idx" ON "leads" USING btree ("tenant_id","value" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_close_date_idx" ON "leads" USING btree ("tenant_id","expected_close_date" NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- won_at and lost_at follow the lead's stage, however it gets there (added in a stage, moved,
-- made from a prospect): set when it enters a won or lost stage, cleared with the lost reason when
-- it leaves one. The reason is the one written with the move into the lost stage.
CREATE FUNCTION "leads_outcome"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stage_kind text;
BEGIN
  SELECT "kind" INTO stage_kind FROM "pipeline_stages" WHERE "tenant_id" = NEW."tenant_id" AND "id" = NEW."pipeline_stage_id";
  IF stage_kind IS DISTINCT FROM 'lost' THEN
    NEW."lost_reason" := NULL;
  END IF;
  IF TG_OP = 'INSERT' OR NEW."pipeline_stage_id" IS DISTINCT FROM OLD."pipeline_stage_id" THEN
    NEW."won_at" := CASE WHEN stage_kind = 'won' THEN now() END;
    NEW."lost_at" := CASE WHEN stage_kind = 'lost' THEN now() END;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "leads_outcome" BEFORE INSERT OR UPDATE OF "pipeline_stage_id", "lost_reason" ON "leads"
  FOR EACH ROW EXECUTE FUNCTION "leads_outcome"();--> statement-breakpoint
-- Leads already in a won or lost stage: since their last change.
UPDATE "leads" AS l SET "won_at" = CASE WHEN g."kind" = 'won' THEN l."updated_at" END, "lost_at" = CASE WHEN g."kind" = 'lost' THEN l."updated_at" END
FROM "pipeline_stages" AS g WHERE g."tenant_id" = l."tenant_id" AND g."id" = l."pipeline_stage_id" AND g."kind" <> 'open';
