import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, FormError, SelectField, TextField, toast, TwoColumns } from '@app/shared';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import { ConfirmDialog, useTenants } from '@app/shared/staff';
import type { RemoteReleases } from '@app/shared/forms';
import { usePromoteRelease } from '../api/promote-release';
import { promoteChange } from '../utils/release-text';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

const StyledTenants = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend { font-weight: 600; font-size: 0.9rem; padding: 0 ${({ theme }) => theme.space(1)}; }
`;

/** The share and tenants the form shows for a version: the running canary's own when it is that version's, else none. */
function audienceOf(release: RemoteReleases, version: string): { percent: string; tenantIds: string[] } {
  const canary = release.canary?.version === version ? release.canary : null;
  return { percent: canary?.percent != null ? String(canary.percent) : '', tenantIds: canary ? [...canary.tenant_ids] : [] };
}

const canaryKey = (canary: RemoteReleases['canary']) => (canary ? JSON.stringify([canary.version, canary.percent, [...canary.tenant_ids].sort()]) : '');

/**
 * Promotes a version of one remote: to everyone, or with a share and/or tenants as a canary beside
 * the live version, once the admin has confirmed what changes for whom. The server checks the
 * version's shared singletons and answers why it refuses.
 */
export function PromoteForm({ release, tenantName }: { release: RemoteReleases; tenantName: (id: string) => string }) {
  const tenants = useTenants();
  const promote = usePromoteRelease(release.remote);
  // During a canary the form opens on it, as changing its share or tenants is the usual next step.
  const [version, setVersion] = useState(release.canary?.version ?? '');
  const [percent, setPercent] = useState(() => audienceOf(release, version).percent);
  const [tenantIds, setTenantIds] = useState(() => audienceOf(release, version).tenantIds);
  const [confirming, setConfirming] = useState(false);
  // Changing a running canary starts from its share and tenants, so widening its share keeps its
  // tenants; when the canary changes (here or elsewhere) the form follows it.
  const [shownCanary, setShownCanary] = useState(canaryKey(release.canary));
  if (shownCanary !== canaryKey(release.canary)) {
    setShownCanary(canaryKey(release.canary));
    const audience = audienceOf(release, version);
    setPercent(audience.percent);
    setTenantIds(audience.tenantIds);
  }
  const chooseVersion = (next: string) => {
    const audience = audienceOf(release, next);
    setVersion(next);
    setPercent(audience.percent);
    setTenantIds(audience.tenantIds);
  };
  const canary = percent.trim() !== '' || tenantIds.length > 0;
  const changesCanary = canary && release.canary?.version === version;
  const share = percent.trim() === '' ? null : Number(percent);
  const change = promoteChange(release, version, share, tenantIds, tenantName);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    promote.reset();
    setConfirming(true);
  };

  const confirm = () =>
    promote.mutate(
      { version, percent: share, tenant_ids: tenantIds },
      {
        onSuccess: () =>
          toast({ title: changesCanary ? 'Canary changed' : canary ? 'Canary started' : 'Promoted', description: change.done, variant: 'success' }),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <StyledForm onSubmit={submit} aria-label={`Promote ${release.remote}`}>
      <TwoColumns>
        <SelectField label="Version" value={version} onChange={(event) => chooseVersion(event.target.value)} required>
          <option value="">Choose a version</option>
          {release.versions.map((v) => (
            <option key={v.version} value={v.version}>
              {v.version}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Share of users (%)"
          type="number"
          min={1}
          max={99}
          step={1}
          inputMode="numeric"
          value={percent}
          onChange={(event) => setPercent(event.target.value)}
          hint="Leave empty to make it live for everyone."
        />
      </TwoColumns>
      {(tenants.data?.length ?? 0) > 0 && (
        <StyledTenants>
          <legend>Canary for every user of</legend>
          {tenants.data!.map((tenant) => (
            <CheckboxField
              key={tenant.id}
              label={tenant.name}
              checked={tenantIds.includes(tenant.id)}
              onChange={(event) => setTenantIds((ids) => (event.target.checked ? [...ids, tenant.id] : ids.filter((id) => id !== tenant.id)))}
            />
          ))}
        </StyledTenants>
      )}
      {promote.isError && <FormError role="alert">{errorMessage(promote.error, 'The version could not be promoted.')}</FormError>}
      <div>
        <Button type="submit" disabled={!version || promote.isPending}>
          {promote.isPending ? 'Promoting...' : changesCanary ? 'Change canary' : canary ? 'Start canary' : 'Promote to everyone'}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        title={change.title}
        message={change.message}
        confirmLabel={change.confirmLabel}
        busy={promote.isPending}
        destructive={false}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </StyledForm>
  );
}
