import { OpenDialogButton } from '../../../components/open-dialog-button';
import { lazyPart } from '@app/shared';

const TenantFormDialog = lazyPart(() => import('./tenant-form-dialog'), 'TenantFormDialog');

export function CreateTenantButton({ label = 'Add Tenant' }: { label?: string }) {
  return (
    <OpenDialogButton label={label} variant="primary" preload={TenantFormDialog.preload}>
      {(close) => <TenantFormDialog onDismiss={close} />}
    </OpenDialogButton>
  );
}
