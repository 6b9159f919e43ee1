import { useState } from 'react';
import { Button } from '@app/shared';
import { UploadProspectsDialog } from './upload-prospects-dialog';

export function UploadProspectsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="secondary" onClick={() => setOpen(true)}>
        Upload JSON
      </Button>
      {open && <UploadProspectsDialog onDismiss={() => setOpen(false)} />}
    </>
  );
}
