-- phone_numbers: hand-written
-- Each tenant reads numbers written without + in its own country.
ALTER TABLE "tenants" ADD COLUMN "default_country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_default_country_valid" CHECK ("tenants"."default_country" ~ '^[A-Z]{2}$');--> statement-breakpoint
-- Every phone as E.164 beside its text as typed; null where the text is not a phone number. SQL
-- cannot parse phones: server/src/db/phone-fill.ts fills existing rows after the migrations.
ALTER TABLE "prospects" ADD COLUMN "phone1_e164" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "phone2_e164" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "phone3_e164" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone1_e164" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone2_e164" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone3_e164" text;--> statement-breakpoint
-- The duplicate key becomes the E.164 digits of Phone1, written by the database from phone1_e164
-- ('' while it does not parse): '(555) 101-1102' and '+1 555-101-1102' are one number.
ALTER TABLE "prospects" DROP COLUMN "phone_digits";--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (coalesce(substr(phone1_e164, 2), '')) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_tenant_phone_unique" ON "prospects" USING btree ("tenant_id","phone_digits") WHERE "prospects"."phone_digits" <> '';--> statement-breakpoint
-- q also finds Phone1's E.164 digits, so any way of writing the number finds it (the server turns a
-- q that reads as a phone into those digits).
DROP INDEX "leads_search_trgm_idx";--> statement-breakpoint
DROP INDEX "prospects_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "prospects" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(email, '') || ' ' || phone1 || ' ' || coalesce(phone1_e164, ''))) STORED;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(email, '') || ' ' || phone1 || ' ' || coalesce(phone1_e164, ''))) STORED;--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prospects_search_trgm_idx" ON "prospects" USING gin ("tenant_id","search_text" gin_trgm_ops) WHERE "prospects"."state" = 'active';--> statement-breakpoint
-- The Invalid phone filter: the few active prospects with a phone that does not parse, newest first.
CREATE INDEX "prospects_invalid_phone_idx" ON "prospects" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "prospects"."state" = 'active' and ("prospects"."phone1_e164" is null or ("prospects"."phone2" is not null and "prospects"."phone2_e164" is null) or ("prospects"."phone3" is not null and "prospects"."phone3_e164" is null));
