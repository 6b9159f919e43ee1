-- audit_truncate_and_target_name: hand-written
-- The name the target had when the event happened (a tenant's name, a user's email, a quotation's
-- number...): the entry still names a target deleted since. The list shows the current name of a
-- target that still exists, so a renamed tenant reads as it does everywhere else.
ALTER TABLE "audit_events" ADD COLUMN "target_name" text;
--> statement-breakpoint
-- TRUNCATE empties the table without touching a row, so the row triggers of 0012 never see it: a
-- statement trigger refuses it too, whoever asks. Restores and test databases never truncate the
-- trail (pg_restore --clean drops and recreates it; tests get a new database).
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
