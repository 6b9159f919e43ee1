-- release_failures: hand-written
-- Failures of remote versions reported by browsers; no tenant, so no wall: every row is about a release.
CREATE TABLE "release_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"phase" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "release_failures_remote_created_idx" ON "release_failures" USING btree ("remote","created_at");
