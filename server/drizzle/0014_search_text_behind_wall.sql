DROP INDEX "leads_search_trgm_idx";--> statement-breakpoint
DROP INDEX "prospects_search_trgm_idx";--> statement-breakpoint
DROP INDEX "quotations_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(email, '') || ' ' || phone1)) STORED;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(email, '') || ' ' || phone1)) STORED;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title || ' ' || client_name || ' ' || number)) STORED;--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prospects_search_trgm_idx" ON "prospects" USING gin ("tenant_id","search_text" gin_trgm_ops) WHERE "prospects"."state" = 'active';--> statement-breakpoint
CREATE INDEX "quotations_search_trgm_idx" ON "quotations" USING gin ("tenant_id","search_text" gin_trgm_ops);
--> statement-breakpoint
-- search_text_behind_wall: hand-written
-- Under row-level security a condition may use an index only when its functions are leakproof;
-- `search_text LIKE pattern` needs textlike to be. textlike has no side effect and its only error
-- (a malformed escape at the end of the pattern) depends on the pattern, which the app always
-- builds itself. Marking a built-in function takes a superuser: with any other owner the search
-- stays correct and scans the tenant's rows instead. Re-applied at every start and restore, since
-- a dump does not carry a built-in function's flags.
CREATE OR REPLACE FUNCTION orbitra_search_leakproof() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT (SELECT proleakproof FROM pg_proc WHERE oid = 'textlike(text,text)'::regprocedure) THEN
    ALTER FUNCTION textlike(text, text) LEAKPROOF;
  END IF;
END $$;
--> statement-breakpoint
SELECT orbitra_search_leakproof();
