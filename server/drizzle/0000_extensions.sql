-- Trigram and btree GIN indexes back the CRM's case-insensitive search (later migrations).
-- Both ship with PostgreSQL's contrib and with PGlite (loaded in src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
