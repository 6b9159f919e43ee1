/**
 * How the schema would be spread over the nodes of a distributed PostgreSQL (Citus and the like).
 * Every table with a tenant_id column is distributed by it, all of them co-located, so a tenant's rows,
 * and the joins, foreign keys and unique checks between them, sit on one node. The tables below are
 * not distributed, each for its stated reason:
 * - `reference`: small and global, copied to every node, so a tenant's rows can join and reference it there;
 * - `local`: stays on the coordinator, beside the app: platform-wide state that no tenant's rows
 *   reference, where copying each write to every node would only cost.
 * distribution-keys.test.ts checks this list against the catalog; README.md's "Scaling" section says
 * the same in prose.
 */
export const DISTRIBUTION_COLUMN = 'tenant_id';

export type Placement = 'reference' | 'local';

export const UNDISTRIBUTED_TABLES: Readonly<Record<string, { placement: Placement; reason: string }>> = {
  tenants: { placement: 'reference', reason: 'the tenants themselves: every tenant row references one, and one of them receives the website enquiries' },
  users: { placement: 'reference', reason: 'people are global: admins work across tenants, a user works in several; tenant_id is only the home tenant' },
  groups: { placement: 'reference', reason: 'the roles (staff, admin) are the same in every tenant' },
  user_groups: { placement: 'reference', reason: "a user's roles, global as the user is" },
  sessions: { placement: 'reference', reason: "a sign-in is a user's, not a tenant's; every request checks it" },
  refresh_tokens: { placement: 'reference', reason: "a sign-in's tokens, found by their hash alone at refresh" },
  password_resets: { placement: 'reference', reason: 'a reset is for a user, found by its token hash alone' },
  calendar_feeds: { placement: 'reference', reason: "a user's calendar feed, found by its token hash alone" },
  email_accounts: { placement: 'reference', reason: "a user's own mailbox, used in every tenant the user works in; record mails reference it" },
  mailbox_folders: { placement: 'reference', reason: "how far a user's mailbox has been read" },
  notification_mail_kinds: { placement: 'reference', reason: 'what a user has mailed to them, in all their tenants' },
  support_messages: {
    placement: 'local',
    reason: "customer messages come from visitors through the website's contact form, and visitors belong to no tenant; no tenant row points at one",
  },
  mail_outbox: {
    placement: 'local',
    reason:
      "the platform's delivery queue, beside the job queue that wakes it: workers claim due mail of every tenant under row locks (FOR UPDATE SKIP LOCKED, which a distributed engine takes on one shard only), and a password reset is mail to a person, of no tenant",
  },
  audit_events: {
    placement: 'local',
    reason:
      'the platform-wide trail: append-only, read across tenants newest first, outlives the tenants it names, and sign-ins and user changes belong to no tenant',
  },
  security_counters: { placement: 'local', reason: 'rate limits count per address and per account, across tenants, on every request' },
  export_leases: { placement: 'local', reason: 'the exports running now, held per user and per tenant and counted across every instance' },
  release_manifest: { placement: 'local', reason: "the platform's releases: one row" },
  release_failures: { placement: 'local', reason: "a remote's failures in browsers, reported by visitors as well" },
};
