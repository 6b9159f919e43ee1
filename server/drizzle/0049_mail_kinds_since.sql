-- When a user asked for a kind of notification by mail: the sweep mails only the notifications of that kind
-- written from then on, not the backlog (already read in the app, or days old).
ALTER TABLE "notification_mail_kinds" ADD COLUMN "since" timestamp with time zone DEFAULT now() NOT NULL;