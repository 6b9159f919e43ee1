import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogFooter,
  errorMessage,
  TENANT_DOMAIN_REQUIRED,
  TENANT_NAME_REQUIRED,
  TextAreaField,
  TextField,
  toast,
  type Tenant,
} from '@app/shared';
import { StyledFormStack } from '../../../components/layout';
import { useCreateTenant } from '../api/create-tenant';
import { useUpdateTenant } from '../api/update-tenant';

type TenantErrors = { name?: string; domain?: string };

export function TenantFormDialog({ tenant, onDismiss }: { tenant?: Tenant; onDismiss: () => void }) {
  const [name, setName] = useState(tenant?.name ?? '');
  const [domain, setDomain] = useState(tenant?.domain ?? '');
  const [description, setDescription] = useState(tenant?.description ?? '');
  const [errors, setErrors] = useState<TenantErrors>({});
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: TenantErrors = {
      name: name.trim() ? undefined : TENANT_NAME_REQUIRED,
      domain: domain.trim() ? undefined : TENANT_DOMAIN_REQUIRED,
    };
    setErrors(found);
    if (found.name || found.domain) return;
    const body = { name: name.trim(), domain: domain.trim(), description: description.trim() || null };
    const onError = (failure: unknown) =>
      toast({ title: 'Error', description: errorMessage(failure, tenant ? 'Failed to update tenant' : 'Failed to create tenant'), variant: 'destructive' });
    const onSuccess = (saved: Tenant) => {
      toast({ title: tenant ? 'Tenant updated' : 'Tenant created', description: saved.name, variant: 'success' });
      onDismiss();
    };
    if (tenant) update.mutate({ id: tenant.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };

  return (
    <Dialog isOpen onDismiss={onDismiss} title={tenant ? 'Edit Tenant' : 'Add New Tenant'}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField
          label="Name"
          autoFocus
          required
          value={name}
          error={errors.name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        <TextField
          label="Domain"
          required
          placeholder="example.com"
          autoCapitalize="none"
          spellCheck={false}
          value={domain}
          error={errors.domain}
          onChange={(event) => {
            setDomain(event.target.value);
            setErrors((current) => ({ ...current, domain: undefined }));
          }}
        />
        <TextAreaField label="Description" rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
        <DialogFooter>
          <Button $variant="secondary" onClick={onDismiss} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? (tenant ? 'Saving...' : 'Creating...') : tenant ? 'Save Changes' : 'Create Tenant'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}

/** The admin's 'Create First Tenant' or 'Add Tenant' button with its dialog. */
export function CreateTenantButton({ label = 'Add Tenant' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      {open && <TenantFormDialog onDismiss={() => setOpen(false)} />}
    </>
  );
}
