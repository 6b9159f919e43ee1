-- refresh tokens: hand-written
-- Access tokens live minutes; a session is renewed through a refresh token kept in an HttpOnly cookie.
-- Each refresh spends its token and issues the next one; a spent token presented again means the
-- cookie was copied, and ends the session. Only a keyed hash of a token is stored: a leaked table
-- hands out no sessions. Rows go with their session; none has a tenant (sessions are global).
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_id_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
SELECT orbitra_ensure_app_role();
