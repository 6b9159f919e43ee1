-- Keys ready to distribute by tenant_id (server/src/db/distribution.ts, README.md "Scaling"): a
-- distributed engine checks a key only when it names the tenant, and a table of no tenant (reference
-- or on the coordinator) cannot point at tenant rows, nor they at one on the coordinator.
-- A contact-form message belongs to no tenant: its link to the prospect it became is kept without a
-- foreign key, and a link to a prospect since deleted counts as none (modules/support/message-link.ts).
ALTER TABLE "support_messages" DROP CONSTRAINT "support_messages_prospect_fk";
--> statement-breakpoint
DROP INDEX "support_messages_prospect_idx";--> statement-breakpoint
-- The outbox is the platform's queue, on the coordinator with the job queue that wakes it: record
-- mails name their delivery without a foreign key (an outbox row goes only with its tenant, which takes
-- the record mail along) ...
ALTER TABLE "record_mails" DROP CONSTRAINT "record_mails_outbox_id_mail_outbox_id_fk";
--> statement-breakpoint
DROP INDEX "record_mails_outbox_idx";--> statement-breakpoint
-- ... and a quotation's deletion deletes its mails itself (quotations/repository.ts) instead of this cascade.
-- (mail_outbox_quotation_fk was written by hand in 0024, so drizzle-kit does not know it.)
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_quotation_fk";--> statement-breakpoint
-- A quotation is known by its tenant and id: the once-only mails name both.
DROP INDEX "mail_outbox_once_per_quotation";--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_once_per_quotation" ON "mail_outbox" USING btree ("tenant_id","quotation_id","kind") WHERE "mail_outbox"."kind" IN ('quotation_reminder', 'quotation_expired');--> statement-breakpoint
-- A client's link finds its quotation by the token's hash alone, so the hash leads; tenant_id joins the
-- key so each node can check it. Both indexes take every row the old one took (it was stricter).
DROP INDEX "quotations_share_token_hash_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_share_token_hash_unique" ON "quotations" USING btree ("share_token_hash","tenant_id");
