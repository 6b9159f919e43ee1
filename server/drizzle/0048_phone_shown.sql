-- Each phone as screens show it (international format, with its extension), written with its E.164 by
-- the server, so a list shows phones without the phone metadata in the browser. Rows from before are
-- filled at start (src/db/phone-fill.ts), as their E.164 were.
ALTER TABLE "leads" ADD COLUMN "phone1_shown" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone2_shown" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone3_shown" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "phone1_shown" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "phone2_shown" text;--> statement-breakpoint
ALTER TABLE "prospects" ADD COLUMN "phone3_shown" text;