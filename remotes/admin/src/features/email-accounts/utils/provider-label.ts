import type { EmailProvider } from '@app/shared/forms';

export const PROVIDER_LABELS: Record<EmailProvider, string> = {
  zoho: 'Zoho Mail',
  gmail: 'Gmail',
  outlook: 'Outlook',
  yahoo: 'Yahoo Mail',
  other: 'Another provider',
};

/** A provider the list does not know (kept from an older provider list) shows as stored. */
export function providerLabel(provider: string): string {
  return PROVIDER_LABELS[provider as EmailProvider] ?? provider;
}
