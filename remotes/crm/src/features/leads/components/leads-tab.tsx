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
  type Lead,
  type PipelineStage,
} from '@app/shared';
import { ListSkeleton } from '../../../components/list-skeleton';
import { StyledCardGrid, StyledFilter, StyledListFooter, StyledToolbar, StyledToolbarActions } from '../../../components/layout';
import { RefreshButton } from '../../../components/refresh-button';
import { StageDot } from '../../../components/stage-badge';
import { StageUpdateDialog, stageEmptyText } from '../../../components/stage-update-dialog';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { usePage } from '../../../hooks/use-page';
import { optionDescription, optionKey, optionName } from '../../../lib/options';
import { useChangeLeadStage } from '../api/change-lead-stage';
import { useDeleteLead } from '../api/delete-lead';
import { useLeads } from '../api/get-leads';
import { AddLeadDialog } from './add-lead-dialog';
import { LeadHistoryDialog } from './lead-history-dialog';
import { LeadCard } from './lead-card';

type StageChoice = Pick<PipelineStage, 'id' | 'name' | 'description'> & { color?: string };
const ALL_STAGES: StageChoice = { id: '', name: 'All Stages', description: null };

const renderStageChoice = (stage: StageChoice) => (
  <>
    {stage.color && <StageDot color={stage.color} />}
    {stage.name}
  </>
);

type Open = { kind: 'add' } | { kind: 'stage' | 'history' | 'delete'; lead: Lead } | null;

export interface LeadsTabProps {
  tenantId: string;
  /** Active stages in sort order. */
  stages: readonly PipelineStage[];
  /** The 'Manage Stages' button, owned by the pipeline-stages feature. */
  manageStagesAction?: ReactNode;
}

export function LeadsTab({ tenantId, stages, manageStagesAction }: LeadsTabProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search);
  const [stageFilter, setStageFilter] = useState<StageChoice>(ALL_STAGES);
  const [page, setPage] = usePage(JSON.stringify([q, stageFilter.id]));
  const [open, setOpen] = useState<Open>(null);
  const filters = { q, pipeline_stage_id: stageFilter.id || undefined, page, limit: PAGE_SIZE };
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useLeads(tenantId, filters);
  const changeStage = useChangeLeadStage(tenantId);
  const remove = useDeleteLead(tenantId);
  const rows = data?.leads ?? [];
  const total = data?.pagination.total ?? 0;
  const filtered = Boolean(q || stageFilter.id);
  const close = () => setOpen(null);

  useEffect(() => {
    if (data && !isPlaceholderData && rows.length === 0 && page > 1) setPage((current) => current - 1);
  }, [data, isPlaceholderData, rows.length, page, setPage]);

  const submitStage = (lead: Lead, stage: PipelineStage, notes: string) => {
    close();
    changeStage.mutate(
      { lead, stage, notes },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Pipeline Stage Updated',
            description: `Lead pipeline stage has been updated to "${updated.pipeline_stage_name ?? stage.name}".`,
            variant: 'success',
          }),
        onError: (failure) =>
          toast({
            title: 'Error Updating Pipeline Stage',
            description: errorMessage(failure, 'Failed to update lead pipeline stage. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const confirmDelete = (lead: Lead) => {
    remove.mutate(lead.id, {
      onSuccess: () => {
        toast({ title: 'Lead deleted', description: `${lead.name} has been deleted.`, variant: 'success' });
        close();
      },
      onError: (failure) => {
        toast({ title: 'Error', description: errorMessage(failure, 'Failed to delete lead'), variant: 'destructive' });
        close();
      },
    });
  };

  let list: ReactNode;
  if (isPending) list = <ListSkeleton label="Loading leads..." />;
  else if (isError) list = <ErrorPanel title="Failed to load leads" message="The leads could not be loaded." onRetry={() => void refetch()} />;
  else if (rows.length === 0)
    list = filtered ? (
      <EmptyState title="No leads found" hint="Try adjusting your search or filter criteria" />
    ) : (
      <EmptyState
        title="No leads found"
        hint="Leads appear here when a prospect is given a converting status, or when you add one."
        action={<Button onClick={() => setOpen({ kind: 'add' })}>Add First Lead</Button>}
      />
    );
  else
    list = (
      <StyledCardGrid aria-label="Leads" aria-busy={isFetching}>
        {rows.map((lead) => (
          <li key={lead.id}>
            <LeadCard
              lead={lead}
              onUpdateStage={(target) => setOpen({ kind: 'stage', lead: target })}
              onViewHistory={(target) => setOpen({ kind: 'history', lead: target })}
              onDelete={(target) => setOpen({ kind: 'delete', lead: target })}
            />
          </li>
        ))}
      </StyledCardGrid>
    );

  return (
    <>
      <StyledToolbar>
        <SearchField
          label="Search leads"
          placeholder="Search by name, email or phone..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <StyledFilter>
          <Combobox
            label="Filter by stage"
            hideLabel
            items={[ALL_STAGES, ...stages]}
            selectedItem={stageFilter}
            onSelect={(next) => setStageFilter(next ?? ALL_STAGES)}
            getName={optionName}
            getDescription={optionDescription}
            getKey={optionKey}
            emptyText={stageEmptyText}
            renderItem={renderStageChoice}
          />
        </StyledFilter>
        <StyledToolbarActions>
          {manageStagesAction}
          <RefreshButton onRefresh={() => void refetch()} refreshing={isFetching && !isPending} />
          <Button onClick={() => setOpen({ kind: 'add' })}>Add Lead</Button>
        </StyledToolbarActions>
      </StyledToolbar>
      {data && (
        <StyledListFooter>
          <MutedText role="status">
            Showing {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} leads
          </MutedText>
        </StyledListFooter>
      )}
      {list}
      {data && <Pager label="Lead pages" page={page} total={total} limit={PAGE_SIZE} onPageChange={setPage} disabled={isFetching} />}

      {open?.kind === 'add' && <AddLeadDialog tenantId={tenantId} onDismiss={close} />}
      {open?.kind === 'history' && <LeadHistoryDialog tenantId={tenantId} lead={open.lead} onDismiss={close} />}
      {open?.kind === 'stage' && (
        <StageUpdateDialog
          entity="Lead"
          subjectName={open.lead.name}
          currentStageName={open.lead.pipeline_stage_name}
          stages={stages}
          onSubmit={(stage, notes) => submitStage(open.lead, stage, notes)}
          onDismiss={close}
        />
      )}
      <ConfirmDialog
        isOpen={open?.kind === 'delete'}
        title="Delete Lead"
        message={open?.kind === 'delete' ? `Are you sure you want to delete "${open.lead.name}"? This action cannot be undone.` : ''}
        busy={remove.isPending}
        onConfirm={() => open?.kind === 'delete' && confirmDelete(open.lead)}
        onCancel={close}
      />
    </>
  );
}
