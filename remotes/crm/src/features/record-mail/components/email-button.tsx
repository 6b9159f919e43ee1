import { Suspense, useState } from 'react';
import { Button, lazyPart } from '@app/shared';
import type { MailRecordKind } from '../api/get-record-mails';

// The dialog (and zod, the templates) loads when first opened.
const EmailDialog = lazyPart(() => import('./email-dialog'), 'EmailDialog');

/** **Email** on a record (its page, the call queue's card): opens the composer to its addresses. */
export function EmailButton({ tenantId, kind, id, name }: { tenantId: string; kind: MailRecordKind; id: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="secondary" type="button" onClick={() => setOpen(true)}>
        Email
      </Button>
      <Suspense fallback={null}>{open && <EmailDialog tenantId={tenantId} kind={kind} id={id} name={name} onDismiss={() => setOpen(false)} />}</Suspense>
    </>
  );
}
