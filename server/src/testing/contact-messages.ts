import { eq } from 'drizzle-orm';
import { supportMessages } from '../db/schema';
import { expectStatus } from './crm-fixture';
import type { TestApp } from './test-app';

/**
 * Sends contact-form messages, each from its own address so the per-address limit never bites;
 * each answers the new message's id. `person(n)` is the n-th sender's fields; `extra` overrides them.
 */
export function contactMessages(app: () => TestApp, person: (n: number) => Record<string, unknown>) {
  let sent = 0;
  return async (extra: Record<string, unknown> = {}): Promise<string> => {
    const t = app();
    sent += 1;
    const body = { ...person(sent), ...extra };
    const remoteAddress = `10.${1 + Math.floor(sent / 250)}.0.${1 + (sent % 250)}`;
    expectStatus(await t.request({ method: 'POST', url: '/api/v1/support/contact', body, remoteAddress }), 200);
    const [row] = await t.db
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(eq(supportMessages.email, String(body.email).trim()));
    return row.id;
  };
}
