import { Suspense, useState } from 'react';
import { Button, lazyPart } from '@app/shared';
import type { OwnerOption } from '@app/shared/forms';
import type { AssignNoun, AssignScope } from '../../../lib/owners';

// The dialog (and the contract that reads its answer) loads when Assign to is first pressed or neared.
const AssignDialog = lazyPart(() => import('./assign-dialog'), 'AssignDialog');

export interface AssignToButtonProps extends AssignScope {
  tenantId: string;
  noun: AssignNoun;
  owners: readonly OwnerOption[];
}

/** Assign to: hands the selected rows, or every row of the list's filter, to a user of the tenant or to no one. */
export function AssignToButton(props: AssignToButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        $variant="secondary"
        onPointerEnter={() => void AssignDialog.preload()}
        onFocus={() => void AssignDialog.preload()}
        onClick={() => setOpen(true)}
        disabled={props.matching === 0 && props.selectedIds.length === 0}
      >
        Assign to
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AssignDialog {...props} onDismiss={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
