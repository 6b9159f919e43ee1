-- The release manifest (live version, previous ones, canary, history of each remote) moves from the
-- CDN folder's manifest.json into this one row, so every instance, the release commands and the
-- Releases page change it under one row lock. The row is made by the first to read it, from that
-- file when there is one (release-control.cjs), so nobody's live version is lost.
CREATE TABLE "release_manifest" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"remotes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"carried_over_from" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_manifest_one_row" CHECK ("release_manifest"."id")
);
