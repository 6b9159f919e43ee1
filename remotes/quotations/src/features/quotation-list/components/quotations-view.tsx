import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { EmptyState, ErrorPanel, errorMessage, MutedText, refusalDetail, Skeleton, toast } from '@app/shared';
import { CardGrid } from '@app/shared/ui/card-layout';
import { Pager } from '@app/shared/ui/pager';
import { useDebouncedValue } from '@app/shared/hooks/use-debounced-value';
import { ConfirmDialog } from '@app/shared/staff';
import { PAGE_SIZE, type Quotation } from '@app/shared/forms';
import { useDeleteQuotation } from '../api/delete-quotation';
import { useQuotations } from '../api/get-quotations';
import { usePage } from '../../../hooks/use-page';
import { sendQuestion, useQuotationActions, type QuotationActionHandlers } from '../hooks/use-quotation-actions';
import { useRefresh } from '../hooks/use-refresh';
import { MarkAcceptedDialog } from './mark-accepted-dialog';
import { QuotationCard } from './quotation-card';
import { QuotationStats } from './quotation-stats';
import { QuotationToolbar, type StatusFilter } from './quotation-toolbar';

const StyledCount = styled(MutedText)`
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

export interface QuotationsViewProps extends QuotationActionHandlers {
  tenantId: string;
}

/** Counters, search, status filter, the cards of one page and every card action. */
export function QuotationsView({ tenantId, onView, onEdit }: QuotationsViewProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search).trim();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = usePage(JSON.stringify([q, status]));
  const query = useQuotations(tenantId, { q, status: status === 'all' ? undefined : status, page, limit: PAGE_SIZE });
  const [refreshing, refresh] = useRefresh(query.refetch);
  const actions = useQuotationActions(tenantId, { onView, onEdit });
  const remove = useDeleteQuotation(tenantId);
  const { data } = query;
  const rows = data?.quotations ?? [];
  const total = data?.pagination.total ?? 0;

  // Deleting the last card of a later page would leave an empty page behind.
  useEffect(() => {
    if (data && !query.isPlaceholderData && rows.length === 0 && page > 1) setPage(page - 1);
  }, [data, query.isPlaceholderData, rows.length, page, setPage]);

  const confirmDelete = (quotation: Quotation) =>
    remove.mutate(quotation.id, {
      onSuccess: () => toast({ title: 'Quotation deleted', description: `${quotation.title || quotation.number} has been deleted.`, variant: 'success' }),
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to delete quotation'), variant: 'destructive' }),
      onSettled: actions.clearDelete,
    });

  // A refused search is the person's to change (shown under the box), not an outage to retry.
  const refused = query.isError ? refusalDetail(query.error) : undefined;
  let list: ReactNode;
  if (refused) list = null;
  else if (query.isPending) list = <Skeleton $height="8rem" role="status" aria-label="Loading quotations..." />;
  else if (query.isError)
    list = <ErrorPanel title="Failed to load quotations" message={errorMessage(query.error, 'The quotations could not be loaded.')} onRetry={refresh} />;
  else if (rows.length === 0)
    list = (
      <EmptyState
        title="No quotations found"
        hint={q || status !== 'all' ? 'Try adjusting your search or filter criteria' : 'Get started by creating your first quotation'}
      />
    );
  else
    list = (
      <CardGrid aria-label="Quotations" aria-busy={query.isFetching}>
        {rows.map((quotation) => (
          <li key={quotation.id}>
            <QuotationCard quotation={quotation} onAction={actions.run} />
          </li>
        ))}
      </CardGrid>
    );

  return (
    <>
      {data && <QuotationStats summary={data.summary} />}
      <QuotationToolbar
        search={search}
        onSearchChange={setSearch}
        status={status}
        onStatusChange={setStatus}
        refreshing={refreshing}
        onRefresh={refresh}
        searchError={refused}
      />
      {data && (
        <StyledCount role="status">
          Showing {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} quotations
        </StyledCount>
      )}
      {list}
      {data && <Pager label="Quotation pages" page={page} total={total} limit={PAGE_SIZE} onPageChange={setPage} disabled={query.isFetching} />}
      <ConfirmDialog
        isOpen={actions.toDelete !== null}
        title="Delete Quotation"
        message={
          actions.toDelete ? `Are you sure you want to delete "${actions.toDelete.title || actions.toDelete.number}"? This action cannot be undone.` : ''
        }
        busy={remove.isPending}
        onConfirm={() => actions.toDelete && confirmDelete(actions.toDelete)}
        onCancel={actions.clearDelete}
      />
      <ConfirmDialog
        isOpen={actions.toSend !== null}
        title="Send Quotation"
        message={actions.toSend ? sendQuestion(actions.toSend) : ''}
        confirmLabel="Send"
        destructive={false}
        busy={actions.sending}
        onConfirm={() => actions.toSend && actions.confirmSend(actions.toSend)}
        onCancel={actions.clearSend}
      />
      {actions.toAccept && <MarkAcceptedDialog tenantId={tenantId} quotation={actions.toAccept} onDismiss={actions.clearAccept} />}
    </>
  );
}
