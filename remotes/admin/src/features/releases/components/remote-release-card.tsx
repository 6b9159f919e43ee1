import { useState } from 'react';
import styled from 'styled-components';
import { Badge, Button, Card, errorMessage, FormError, MutedText, toast } from '@app/shared';
import { CardFacts } from '@app/shared/ui/card-layout';
import { ConfirmDialog, formatDateTimeLong } from '@app/shared/staff';
import { BUILTIN_VERSION, type RemoteReleases } from '@app/shared/forms';
import { useRollbackRelease } from '../api/rollback-release';
import { audience, failingBrowsersText, fallbackText, rollbackChange } from '../utils/release-text';
import { PromoteForm } from './promote-form';

// On a phone the table scrolls sideways inside a visible frame, so its cut edge reads as more to see.
const StyledScroller = styled.div`
  overflow-x: auto;
  margin-top: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.85rem;
  th, td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
  thead th { border-top: none; background: ${({ theme }) => theme.colors.surfaceAlt}; white-space: nowrap; }
`;

const StyledHistory = styled.ol`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding-left: ${({ theme }) => theme.space(5)};
  font-size: 0.85rem;
`;

const StyledEmpty = styled.p`
  margin: ${({ theme }) => theme.space(4)} 0 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.textMuted};
  code { font-family: ${({ theme }) => theme.fonts.mono}; color: ${({ theme }) => theme.colors.text}; }
`;

const HISTORY_SHOWN = 10;

const ACTIONS: Record<RemoteReleases['history'][number]['action'], string> = {
  promote: 'Promoted',
  canary: 'Canary',
  'end-canary': 'Canary ended',
  rollback: 'Rolled back to',
};

export function RemoteReleaseCard({ release, tenantName }: { release: RemoteReleases; tenantName: (id: string) => string }) {
  const rollback = useRollbackRelease(release.remote);
  const [confirming, setConfirming] = useState(false);
  const canRollBack = release.canary !== null || release.fallback !== null;
  const change = rollbackChange(release, tenantName);
  const published = release.versions.some((v) => v.version !== BUILTIN_VERSION);
  const confirmRollback = () =>
    rollback.mutate(undefined, {
      onSuccess: () => toast({ title: release.canary ? 'Canary ended' : 'Rolled back', description: change.done, variant: 'success' }),
      onSettled: () => setConfirming(false),
    });
  return (
    <Card as="section" aria-labelledby={`release-${release.remote}`}>
      <h2 id={`release-${release.remote}`}>{release.remote}</h2>
      <CardFacts>
        <dt>Live</dt>
        <dd>{release.live}</dd>
        <dt>Canary</dt>
        <dd>{release.canary ? `${release.canary.version} for ${audience(release.canary.percent, release.canary.tenant_ids, tenantName)}` : 'None'}</dd>
        <dt>Fallback</dt>
        <dd>{fallbackText(release)}</dd>
        <dt>Built-in</dt>
        <dd>builtin, served by the app at /remotes/{release.remote}/</dd>
      </CardFacts>
      <StyledScroller>
        <StyledTable>
          <caption className="visually-hidden">Versions of {release.remote}</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Published</th>
              <th scope="col">Commit</th>
              <th scope="col">Status</th>
              <th scope="col">Failures (24 h)</th>
            </tr>
          </thead>
          <tbody>
            {release.versions.map((v) => (
              <tr key={v.version}>
                <td>{v.version}</td>
                <td>{v.published_at ? formatDateTimeLong(v.published_at) : 'With the app'}</td>
                <td>{v.commit ?? ''}</td>
                <td>
                  {v.live && <Badge $tone="success">Live</Badge>} {v.canary && <Badge $tone="info">Canary</Badge>}
                </td>
                <td>{v.failing_browsers_24h > 0 ? <Badge $tone="danger">{failingBrowsersText(v.failing_browsers_24h)}</Badge> : failingBrowsersText(0)}</td>
              </tr>
            ))}
          </tbody>
        </StyledTable>
      </StyledScroller>
      {published ? (
        <PromoteForm release={release} tenantName={tenantName} />
      ) : (
        <StyledEmpty>
          No version of {release.remote} is published yet, so only its built-in build can run. Publish one from the repository with{' '}
          <code>pnpm release {release.remote}</code>; it then appears here, ready to promote to everyone or to start as a canary.
        </StyledEmpty>
      )}
      {canRollBack && (
        <p>
          <Button
            $variant="secondary"
            onClick={() => {
              rollback.reset();
              setConfirming(true);
            }}
            disabled={rollback.isPending}
          >
            {release.canary ? 'End canary' : `Roll back to ${release.fallback}`}
          </Button>
        </p>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={change.title}
        message={change.message}
        confirmLabel={change.confirmLabel}
        busy={rollback.isPending}
        destructive={false}
        onConfirm={confirmRollback}
        onCancel={() => setConfirming(false)}
      />
      {rollback.isError && <FormError role="alert">{errorMessage(rollback.error, 'The release could not be rolled back.')}</FormError>}
      <h3>History</h3>
      {release.history.length === 0 ? (
        <MutedText>Nothing promoted yet: the built-in build is live.</MutedText>
      ) : (
        <StyledHistory>
          {release.history.slice(0, HISTORY_SHOWN).map((h) => (
            <li key={`${h.at}-${h.action}-${h.version}`}>
              {formatDateTimeLong(h.at)}: {ACTIONS[h.action]} {h.version}
              {h.action === 'canary' ? ` for ${audience(h.percent, h.tenant_ids, tenantName)}` : ''}
            </li>
          ))}
        </StyledHistory>
      )}
    </Card>
  );
}
