-- import_warnings: hand-written
-- The rows an upload saved without some of their values (the clean-up dropped or cut them), kept beside the refused rows.
ALTER TABLE "prospect_imports" ADD COLUMN "rows_warned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prospect_imports" ADD COLUMN "warned_rows" jsonb DEFAULT '[]'::jsonb NOT NULL;
