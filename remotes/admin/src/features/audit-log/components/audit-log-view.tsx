import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, errorMessage, ErrorPanel, MutedText } from '@app/shared';
import { LoadingState } from '@app/shared/ui/loading-state';
import { useTenants } from '@app/shared/staff';
import { PageLayout } from '../../../components/page-layout';
import { useAuditEvents } from '../api/get-audit-events';
import { useAuditFilters } from '../hooks/use-audit-filters';
import { AuditTable } from './audit-table';
import { AuditToolbar } from './audit-toolbar';

const StyledCount = styled(MutedText)`
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const StyledMore = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(4)};
`;

/** Names the tenant of an entry; the trail outlives tenants, so an unknown id is a deleted one. */
function useTenantName(): (tenantId: string | null) => string {
  const tenants = useTenants();
  const names = useMemo(() => new Map((tenants.data ?? []).map((tenant) => [tenant.id, tenant.name])), [tenants.data]);
  return (tenantId) => (tenantId ? (names.get(tenantId) ?? (tenants.isLoading ? '' : 'Deleted tenant')) : '');
}

export function AuditLogView() {
  const { filters, update, query, filtering, clear } = useAuditFilters();
  const audit = useAuditEvents(query);
  const tenantName = useTenantName();
  const events = useMemo(() => audit.data?.pages.flatMap((page) => page.events) ?? [], [audit.data]);

  let content: ReactNode;
  if (audit.isPending) content = <LoadingState label="Loading audit log..." />;
  else if (audit.isError)
    content = (
      <ErrorPanel
        title="Failed to load the audit log"
        message={errorMessage(audit.error, 'The audit log could not be loaded.')}
        onRetry={() => void audit.refetch()}
      />
    );
  else if (events.length === 0)
    content = (
      <EmptyState
        title="No entries found"
        hint={filtering ? 'Try adjusting your search or filter criteria' : 'Nothing has been recorded yet'}
        action={
          filtering && (
            <Button $variant="secondary" onClick={clear}>
              Clear filters
            </Button>
          )
        }
      />
    );
  else
    content = (
      <>
        <StyledCount role="status">
          Showing {events.length} {events.length === 1 ? 'entry' : 'entries'}
          {audit.hasNextPage ? ', newest first' : ''}
        </StyledCount>
        <AuditTable events={events} tenantName={tenantName} />
        {audit.hasNextPage && (
          <StyledMore>
            <Button $variant="secondary" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
              {audit.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </StyledMore>
        )}
      </>
    );

  return (
    <PageLayout title="Audit Log" description="Who did what, when and from where: sign-ins, user and tenant changes, deletions, uploads and quotations.">
      <AuditToolbar filters={filters} onChange={update} />
      {content}
    </PageLayout>
  );
}
