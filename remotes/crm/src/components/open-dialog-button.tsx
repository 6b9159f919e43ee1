import { Suspense, useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '@app/shared';

export interface OpenDialogButtonProps {
  label: string;
  variant?: ButtonVariant;
  /** Starts loading the dialog's code when the pointer moves over the button or the focus reaches it, before the click. */
  preload?: () => unknown;
  children: (close: () => void) => ReactNode;
}

/** A toolbar button and the dialog it opens; the dialog's code loads when first wanted, not with the list. */
export function OpenDialogButton({ label, variant = 'secondary', preload, children }: OpenDialogButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant={variant} onClick={() => setOpen(true)} onPointerMove={preload} onFocus={preload}>
        {label}
      </Button>
      {open && <Suspense fallback={null}>{children(() => setOpen(false))}</Suspense>}
    </>
  );
}
