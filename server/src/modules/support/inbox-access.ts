import type { DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/refusal';
import { tenantsRepository } from '../tenants';

export const WEBSITE_INBOX_FORBIDDEN_DETAIL = 'Website messages go to the tenant that receives website enquiries, and your account is not in that tenant.';

/** Who is asking: the inbox's rule needs the user's home tenant and whether they are an admin. */
export interface InboxReader {
  isAdmin: boolean;
  tenantId: string | null;
}

/**
 * The website inbox belongs to the tenant marked as receiving website enquiries, read at the time
 * of the request (so moving the mark moves the whole inbox): its users and admins use it, anyone
 * else gets 403. Answers the tenant (null only for an admin while no tenant exists), which the
 * audit entries of the messages name.
 */
export async function assertInboxAccess(db: DbOrTx, user: InboxReader): Promise<string | null> {
  const inbox = await tenantsRepository(db).websiteInbox();
  if (user.isAdmin) return inbox?.id ?? null;
  if (!inbox || !user.tenantId || inbox.id !== user.tenantId.toLowerCase()) throw forbidden(WEBSITE_INBOX_FORBIDDEN_DETAIL);
  return inbox.id;
}
