import { toast } from '@app/shared';

/** Puts a quotation's client link on the clipboard and says so. */
export async function copyShareLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The quotation link is on your clipboard.', variant: 'success' });
  } catch {
    toast({ title: 'Error', description: 'Failed to copy the link.', variant: 'destructive' });
  }
}
