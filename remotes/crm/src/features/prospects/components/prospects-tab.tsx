import { useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  Combobox,
  ConfirmDialog,
  PAGE_SIZE,
  EmptyState,
  ErrorPanel,
  errorMessage,
  MutedText,
  Pager,
  SearchField,
  toast,
  type Goal,
  type PipelineStage,
  type Prospect,
  type StatusOption,
} from '@app/shared';
import { ListSkeleton } from '../../../components/list-skeleton';
import { StyledCardGrid, StyledFilter, StyledListFooter, StyledToolbar, StyledToolbarActions } from '../../../components/layout';
import { RefreshButton } from '../../../components/refresh-button';
import { StageUpdateDialog } from '../../../components/stage-update-dialog';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { usePage } from '../../../hooks/use-page';
import { optionDescription, optionKey, optionName } from '../../../lib/options';
import { useChangeProspectStage } from '../api/change-prospect-stage';
import { useDeleteProspect } from '../api/delete-prospect';
import { useProspects } from '../api/get-prospects';
import { AddProspectDialog } from './add-prospect-dialog';
import { ProspectCard } from './prospect-card';
import { ProspectDetailsDialog } from './prospect-details-dialog';
import { statusEmptyText, UpdateStatusDialog } from './update-status-dialog';

type StatusChoice = Pick<StatusOption, 'id' | 'name' | 'description'>;
const ALL_STATUSES: StatusChoice = { id: '', name: 'All Statuses', description: null };

type Open =
  | { kind: 'add' }
  | { kind: 'status'; prospect: Prospect }
  | { kind: 'stage'; prospect: Prospect }
  | { kind: 'details'; prospect: Prospect }
  | { kind: 'delete'; prospect: Prospect }
  | null;

export interface ProspectsTabProps {
  tenantId: string;
  /** Active statuses in sort order, for the filter and the status dialog. */
  statuses: readonly StatusOption[];
  /** Goals a call can count towards, the preselected one first. */
  goals: readonly Goal[];
  /** Active stages in sort order. */
  stages: readonly PipelineStage[];
  /** The 'Manage Status' button, owned by the status-options feature. */
  manageStatusAction?: ReactNode;
  /** The JSON upload button, owned by the prospect-upload feature. */
  uploadAction?: ReactNode;
}

export function ProspectsTab({ tenantId, statuses, goals, stages, manageStatusAction, uploadAction }: ProspectsTabProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search);
  const [statusFilter, setStatusFilter] = useState<StatusChoice>(ALL_STATUSES);
  const [page, setPage] = usePage(JSON.stringify([q, statusFilter.id]));
  const [open, setOpen] = useState<Open>(null);
  const filters = { q, status_id: statusFilter.id || undefined, page, limit: PAGE_SIZE };
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useProspects(tenantId, filters);
  const changeStage = useChangeProspectStage(tenantId);
  const remove = useDeleteProspect(tenantId);

  // Deleting the last row of a later page would leave an empty page behind.
  const rows = data?.prospects ?? [];
  const total = data?.pagination.total ?? 0;
  useEffect(() => {
    if (data && !isPlaceholderData && rows.length === 0 && page > 1) setPage((current) => current - 1);
  }, [data, isPlaceholderData, rows.length, page, setPage]);

  const close = () => setOpen(null);
  const filtered = Boolean(q || statusFilter.id);

  const submitStage = (prospect: Prospect, stage: PipelineStage, notes: string) => {
    close();
    changeStage.mutate(
      { prospect, stage, notes },
      {
        onSuccess: (answer) =>
          toast({
            title: 'Pipeline Stage Updated',
            description: `Prospect pipeline stage has been updated to "${answer.pipeline_stage_name}".`,
            variant: 'success',
          }),
        onError: (failure) =>
          toast({
            title: 'Error Updating Pipeline Stage',
            description: errorMessage(failure, 'Failed to update prospect pipeline stage. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const confirmDelete = (prospect: Prospect) => {
    remove.mutate(prospect.id, {
      onSuccess: () => {
        toast({ title: 'Prospect deleted', description: `${prospect.name} has been deleted.`, variant: 'success' });
        close();
      },
      onError: (failure) => {
        toast({ title: 'Error', description: errorMessage(failure, 'Failed to delete prospect'), variant: 'destructive' });
        close();
      },
    });
  };

  let list: ReactNode;
  if (isPending) list = <ListSkeleton label="Loading prospects..." />;
  else if (isError) list = <ErrorPanel title="Failed to load prospects" message="The prospects could not be loaded." onRetry={() => void refetch()} />;
  else if (rows.length === 0)
    list = (
      <EmptyState
        title="No prospects found"
        hint={filtered ? 'Try adjusting your search or filter criteria' : 'Upload a JSON file or add a prospect to get started.'}
      />
    );
  else
    list = (
      <StyledCardGrid aria-label="Prospects" aria-busy={isFetching}>
        {rows.map((prospect) => (
          <li key={prospect.id}>
            <ProspectCard
              prospect={prospect}
              onUpdateStatus={(target) => setOpen({ kind: 'status', prospect: target })}
              onUpdateStage={(target) => setOpen({ kind: 'stage', prospect: target })}
              onViewDetails={(target) => setOpen({ kind: 'details', prospect: target })}
              onDelete={(target) => setOpen({ kind: 'delete', prospect: target })}
            />
          </li>
        ))}
      </StyledCardGrid>
    );

  return (
    <>
      <StyledToolbar>
        <SearchField
          label="Search prospects"
          placeholder="Search by name, email or phone..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <StyledFilter>
          <Combobox
            label="Filter by status"
            hideLabel
            items={[ALL_STATUSES, ...statuses]}
            selectedItem={statusFilter}
            onSelect={(next) => setStatusFilter(next ?? ALL_STATUSES)}
            getName={optionName}
            getDescription={optionDescription}
            getKey={optionKey}
            emptyText={statusEmptyText}
          />
        </StyledFilter>
        <StyledToolbarActions>
          {manageStatusAction}
          <RefreshButton onRefresh={() => void refetch()} refreshing={isFetching && !isPending} />
          {uploadAction}
          <Button onClick={() => setOpen({ kind: 'add' })}>Add Prospect</Button>
        </StyledToolbarActions>
      </StyledToolbar>
      {data && (
        <StyledListFooter>
          <MutedText role="status">
            Showing {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} prospects
          </MutedText>
        </StyledListFooter>
      )}
      {list}
      {data && (
        <Pager label="Prospect pages" page={page} total={total} limit={PAGE_SIZE} onPageChange={setPage} disabled={isFetching} />
      )}

      {open?.kind === 'add' && <AddProspectDialog tenantId={tenantId} onDismiss={close} />}
      {open?.kind === 'status' && (
        <UpdateStatusDialog tenantId={tenantId} prospect={open.prospect} statuses={statuses} goals={goals} onDismiss={close} />
      )}
      {open?.kind === 'stage' && (
        <StageUpdateDialog
          entity="Prospect"
          subjectName={open.prospect.name}
          currentStageName={open.prospect.pipeline_stage_name}
          stages={stages}
          onSubmit={(stage, notes) => submitStage(open.prospect, stage, notes)}
          onDismiss={close}
        />
      )}
      {open?.kind === 'details' && (
        <ProspectDetailsDialog
          tenantId={tenantId}
          prospect={open.prospect}
          onUpdateStatus={(prospect) => setOpen({ kind: 'status', prospect })}
          onDismiss={close}
        />
      )}
      <ConfirmDialog
        isOpen={open?.kind === 'delete'}
        title="Delete Prospect"
        message={
          open?.kind === 'delete'
            ? `Are you sure you want to delete "${open.prospect.name}"? Any lead made from it is deleted too. This action cannot be undone.`
            : ''
        }
        busy={remove.isPending}
        onConfirm={() => open?.kind === 'delete' && confirmDelete(open.prospect)}
        onCancel={close}
      />
    </>
  );
}
