CREATE TABLE "calls" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"caller_id" uuid,
	"prospect_id" uuid,
	"goal_id" uuid NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "calls_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_goal_fk" FOREIGN KEY ("tenant_id","goal_id") REFERENCES "public"."goals"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_goal_day_idx" ON "calls" USING btree ("tenant_id","goal_id","day");--> statement-breakpoint
CREATE INDEX "calls_day_caller_idx" ON "calls" USING btree ("tenant_id","day","caller_id");--> statement-breakpoint
CREATE INDEX "calls_caller_id_idx" ON "calls" USING btree ("caller_id");--> statement-breakpoint
ALTER TABLE "status_options" ADD COLUMN "is_callback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "status_options_one_callback" ON "status_options" USING btree ("tenant_id") WHERE "status_options"."is_callback";--> statement-breakpoint
ALTER TABLE "status_options" ADD CONSTRAINT "status_options_callback_keeps_prospect" CHECK (not "status_options"."is_callback" or (not "status_options"."converts_to_lead" and not "status_options"."removes_from_prospects"));--> statement-breakpoint
-- calls: hand-written
SELECT orbitra_tenant_wall('calls');--> statement-breakpoint
SELECT orbitra_ensure_app_role();--> statement-breakpoint
-- A tenant has one callback status: flagging one takes the flag off the others, in the same statement.
CREATE OR REPLACE FUNCTION public.orbitra_one_callback_status() RETURNS trigger LANGUAGE plpgsql
SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE public.status_options SET is_callback = false
  WHERE tenant_id = NEW.tenant_id AND id <> NEW.id AND is_callback;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "status_options_one_callback" BEFORE INSERT OR UPDATE OF "is_callback" ON "status_options"
  FOR EACH ROW WHEN (NEW."is_callback") EXECUTE FUNCTION public.orbitra_one_callback_status();--> statement-breakpoint
SELECT set_config('orbitra.scope', 'system', true);--> statement-breakpoint
-- Existing tenants: their status named Call Back (whatever the case) is the callback status, when it keeps the prospect listed.
UPDATE "status_options" SET "is_callback" = true
WHERE lower(btrim("name")) = 'call back' AND NOT "converts_to_lead" AND NOT "removes_from_prospects";--> statement-breakpoint
-- The calls counted so far become rows, each goal keeping its count per day exactly. Each counted
-- call is matched with a status change of that day with "(call made)" in the history
-- (status-change.ts writes "Status changed to <status> (call made)" with its user and prospect):
-- first with the goal owner's own changes, then with anyone's; a matched call is the history's
-- user's (the goal's user when the history has lost its user), at its time, on its prospect. A
-- call the history does not name is the goal's user's, at noon of its day. The days are the
-- server's: the migrator's session runs in its time zone (migrate.ts).
INSERT INTO "calls" ("tenant_id", "caller_id", "prospect_id", "goal_id", "made_at", "day")
WITH slots AS (
  SELECT d.tenant_id, d.goal_id, g.user_id AS goal_user, d.day, n.n
  FROM goal_daily_calls d
  JOIN goals g ON g.tenant_id = d.tenant_id AND g.id = d.goal_id
  CROSS JOIN LATERAL generate_series(1, d.calls_made) AS n(n)
  WHERE d.calls_made > 0
),
history AS (
  SELECT a.tenant_id, a.id, a.user_id, a.prospect_id, a.created_at,
    (a.created_at AT TIME ZONE current_setting('TimeZone'))::date AS day
  FROM crm_activities a
  WHERE a.kind = 'status' AND a.summary LIKE '% (call made)'
),
own_slots AS (
  SELECT s.*, row_number() OVER (PARTITION BY s.tenant_id, s.day, s.goal_user ORDER BY s.goal_id, s.n) AS rn
  FROM slots s WHERE s.goal_user IS NOT NULL
),
own_history AS (
  SELECT h.*, row_number() OVER (PARTITION BY h.tenant_id, h.day, h.user_id ORDER BY h.created_at, h.id) AS rn
  FROM history h WHERE h.user_id IS NOT NULL
),
by_owner AS (
  SELECT s.tenant_id, s.goal_id, s.day, s.n, h.id AS activity_id
  FROM own_slots s
  JOIN own_history h ON h.tenant_id = s.tenant_id AND h.day = s.day AND h.user_id = s.goal_user AND h.rn = s.rn
),
other_slots AS (
  SELECT s.*, row_number() OVER (PARTITION BY s.tenant_id, s.day ORDER BY s.goal_id, s.n) AS rn
  FROM slots s
  WHERE NOT EXISTS (SELECT 1 FROM by_owner m WHERE m.tenant_id = s.tenant_id AND m.goal_id = s.goal_id AND m.day = s.day AND m.n = s.n)
),
other_history AS (
  SELECT h.*, row_number() OVER (PARTITION BY h.tenant_id, h.day ORDER BY h.created_at, h.id) AS rn
  FROM history h
  WHERE NOT EXISTS (SELECT 1 FROM by_owner m WHERE m.tenant_id = h.tenant_id AND m.activity_id = h.id)
),
by_anyone AS (
  SELECT s.tenant_id, s.goal_id, s.day, s.n, h.id AS activity_id
  FROM other_slots s
  JOIN other_history h ON h.tenant_id = s.tenant_id AND h.day = s.day AND h.rn = s.rn
),
matched AS (
  SELECT * FROM by_owner UNION ALL SELECT * FROM by_anyone
)
SELECT s.tenant_id, coalesce(a.user_id, s.goal_user), a.prospect_id, s.goal_id,
  coalesce(a.created_at, (s.day + time '12:00') AT TIME ZONE current_setting('TimeZone')), s.day
FROM slots s
LEFT JOIN matched m ON m.tenant_id = s.tenant_id AND m.goal_id = s.goal_id AND m.day = s.day AND m.n = s.n
LEFT JOIN crm_activities a ON a.tenant_id = m.tenant_id AND a.id = m.activity_id;--> statement-breakpoint
-- Goal progress is counted from the calls themselves now.
DROP TABLE "goal_daily_calls";
