-- quotation currency: hand-written around the generated statements
-- A quotation carries its currency (ISO 4217): its tenant's when it is made, kept whatever the
-- tenant changes later. Every quotation made before was priced and shown in USD, so it keeps USD.
ALTER TABLE "quotations" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_currency_valid" CHECK ("quotations"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
-- The list's counters are kept per tenant and currency: its total value adds up only the
-- quotations of the tenant's currency. The counters so far were of USD quotations alone.
ALTER TABLE "quotation_counters" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_counters" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "quotation_counters" DROP CONSTRAINT "quotation_counters_pkey";--> statement-breakpoint
ALTER TABLE "quotation_counters" ADD CONSTRAINT "quotation_counters_tenant_id_currency_pk" PRIMARY KEY("tenant_id","currency");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "quotation_counters_apply"() RETURNS trigger LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "quotation_counters" SET
      "total" = "total" - 1,
      "total_cents" = "total_cents" - OLD."total_cents",
      "accepted" = "accepted" - (OLD."status" = 'accepted')::int,
      "sent" = "sent" - (OLD."status" = 'sent')::int
    WHERE "tenant_id" = OLD."tenant_id" AND "currency" = OLD."currency";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "quotation_counters" AS c ("tenant_id", "currency", "total", "total_cents", "accepted", "sent")
    VALUES (NEW."tenant_id", NEW."currency", 1, NEW."total_cents", (NEW."status" = 'accepted')::int, (NEW."status" = 'sent')::int)
    ON CONFLICT ("tenant_id", "currency") DO UPDATE SET
      "total" = c."total" + 1,
      "total_cents" = c."total_cents" + EXCLUDED."total_cents",
      "accepted" = c."accepted" + EXCLUDED."accepted",
      "sent" = c."sent" + EXCLUDED."sent";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "quotations_counters" ON "quotations";--> statement-breakpoint
CREATE TRIGGER "quotations_counters" AFTER INSERT OR DELETE OR UPDATE OF "status", "total_cents", "tenant_id", "currency" ON "quotations"
  FOR EACH ROW EXECUTE FUNCTION "quotation_counters_apply"();
