-- goal_one_day: hand-written
-- A goal may last one day: its end date may be its start date.
ALTER TABLE "goals" DROP CONSTRAINT "goals_end_after_start";--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_end_not_before_start" CHECK ("goals"."end_date" >= "goals"."start_date");
