import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { Button, EmptyState, lazyPart } from '@app/shared';
import { Combobox } from '@app/shared/ui/combobox';
import { PAGE_SIZE } from '@app/shared/contracts/constants';
import type { AssignFilter, Lead, LeadSort, OwnerFilter as OwnerFilterValue, OwnerOption, PipelineStage } from '@app/shared/forms';
import { useTenantCurrency } from '@app/shared/tenants';
import { CompanyListView, CompanyToolbar, deleteToasts, stageChangeToasts } from '../../../components/company-list';
import { ListSkeleton } from '../../../components/list-skeleton';
import { OwnerFilter } from '../../../components/owner-filter';
import { StageDot } from '../../../components/stage-badge';
import { optionParam, ownerParam, useListSearch, useViewParams } from '../../../hooks/use-list-params';
import { useSelection } from '../../../hooks/use-selection';
import { type AssignScope, ownerLabel } from '../../../lib/owners';
import { optionDescription, optionKey, optionName } from '../../../lib/options';
import { useChangeLeadStage } from '../api/change-lead-stage';
import { useDeleteLead } from '../api/delete-lead';
import { useLeads } from '../api/get-leads';
import { leadBoardKey } from '../api/get-lead-board-column';
import { useLeadsView } from '../hooks/use-leads-view';
import { stageEmptyText } from '../../../lib/options';
import { LeadCard } from './lead-card';
import { LeadsBoard } from './leads-board-part';
import { LeadsViewToggle } from './leads-view-toggle';

// The dialogs load when first opened: the list and the board show without them (and without zod and the phone parser).
const AddLeadDialog = lazyPart(() => import('./add-lead-dialog'), 'AddLeadDialog');
const EditLeadDialog = lazyPart(() => import('./edit-lead-dialog'), 'EditLeadDialog');
const EditLeadValueDialog = lazyPart(() => import('./edit-lead-value-dialog'), 'EditLeadValueDialog');
const LeadHistoryDialog = lazyPart(() => import('./lead-history-dialog'), 'LeadHistoryDialog');
const StageUpdateDialog = lazyPart(() => import('../../../components/stage-update-dialog'), 'StageUpdateDialog');
const ConfirmDialog = lazyPart(() => import('@app/shared/staff'), 'ConfirmDialog');

type StageChoice = Pick<PipelineStage, 'id' | 'name' | 'description'> & { color?: string };
const ALL_STAGES: StageChoice = { id: '', name: 'All Stages', description: null };

const renderStageChoice = (stage: StageChoice) => (
  <>
    {stage.color && <StageDot color={stage.color} />}
    {stage.name}
  </>
);

type Open = { kind: 'add' } | { kind: 'stage' | 'edit' | 'value' | 'history' | 'delete'; lead: Lead } | null;

type SortChoice = { id: LeadSort; name: string; description: null };
const SORTS: SortChoice[] = [
  { id: 'newest', name: 'Newest first', description: null },
  { id: 'value_desc', name: 'Value: highest first', description: null },
  { id: 'value_asc', name: 'Value: lowest first', description: null },
  { id: 'close_date_asc', name: 'Close date: soonest first', description: null },
  { id: 'close_date_desc', name: 'Close date: latest first', description: null },
];

export interface LeadsTabProps {
  tenantId: string;
  /** Active stages in sort order. */
  stages: readonly PipelineStage[];
  /** The 'Manage Stages' button, owned by the pipeline-stages feature. */
  manageStagesAction?: ReactNode;
  /** The saved views menu of the list or the board, owned by the saved-views feature. */
  viewsAction?: (target: 'leads' | 'board') => ReactNode;
  /** The tenant's users: the Owner shown on each card and the owner filter's choices. */
  owners?: readonly OwnerOption[];
  /** 'Assign to' over the ticked rows or the list's filter (the list view only), owned by the owners feature. */
  assignAction?: (scope: AssignScope) => ReactNode;
  /** 'Export' of the list as it is filtered and sorted, owned by the list-export feature. */
  exportAction?: (filter: AssignFilter & { sort?: LeadSort }) => ReactNode;
}

export function LeadsTab({ tenantId, stages, manageStagesAction, viewsAction, owners = [], assignAction, exportAction }: LeadsTabProps) {
  const { search, setSearch, q } = useListSearch();
  const { params, update, page, setPage } = useViewParams();
  const stageFilter = optionParam<StageChoice>(params.get('pipeline_stage_id'), stages, ALL_STAGES);
  const setStageFilter = (next: StageChoice) => update({ pipeline_stage_id: next.id });
  const sort = SORTS.find((choice) => choice.id === params.get('sort')) ?? SORTS[0];
  const setSort = (next: SortChoice) => update({ sort: next.id === 'newest' ? undefined : next.id });
  const owner = ownerParam(params.get('owner_id')) as OwnerFilterValue | undefined;
  const setOwner = (next: OwnerFilterValue | undefined) => update({ owner_id: next });
  // Ticks survive a change of order, not of what is listed.
  const selection = useSelection(JSON.stringify([q, stageFilter.id, owner]));
  const currency = useTenantCurrency(tenantId);
  const [open, setOpen] = useState<Open>(null);
  const [view, setView] = useLeadsView();
  const listFilter: AssignFilter = { q: q || undefined, pipeline_stage_id: stageFilter.id || undefined, owner_id: owner };
  const filters = { ...listFilter, sort: sort.id, page, limit: PAGE_SIZE };
  // The list's query waits while the board is shown; the board's columns load their own pages.
  const query = useLeads(tenantId, filters, view === 'list');
  const queryClient = useQueryClient();
  const boardFetching = useIsFetching({ queryKey: leadBoardKey(tenantId) }) > 0;
  const changeStage = useChangeLeadStage(tenantId);
  const remove = useDeleteLead(tenantId);
  const close = () => setOpen(null);

  const submitStage = (lead: Lead, stage: PipelineStage, notes: string, lostReason: string) => {
    close();
    const toasts = stageChangeToasts('Lead');
    changeStage.mutate(
      { lead, stage, notes, lostReason },
      { onSuccess: (updated) => toasts.success(updated.pipeline_stage_name ?? stage.name), onError: toasts.failure },
    );
  };

  const confirmDelete = (lead: Lead) => {
    const toasts = deleteToasts('Lead', lead.name);
    remove.mutate(lead.id, { onSuccess: toasts.success, onError: toasts.failure, onSettled: close });
  };

  const stageFilterField = (
    <>
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
      <OwnerFilter value={owner} onChange={setOwner} owners={owners} />
    </>
  );
  // The board keeps its columns newest first; the list sorts.
  const sortField = (
    <Combobox
      label="Sort leads"
      hideLabel
      items={SORTS}
      selectedItem={sort}
      onSelect={(next) => setSort(next ?? SORTS[0])}
      getName={optionName}
      getDescription={optionDescription}
      getKey={optionKey}
      emptyText={() => 'No such order'}
    />
  );
  const leadingActions = (
    <>
      <LeadsViewToggle view={view} onChange={setView} />
      {manageStagesAction}
      {viewsAction?.(view === 'board' ? 'board' : 'leads')}
    </>
  );
  // The same search, filter and buttons above the list and the board.
  const toolbar = {
    noun: 'leads' as const,
    search,
    onSearchChange: setSearch,
    filter: stageFilterField,
    leadingActions,
    trailingActions: (
      <>
        {exportAction?.({ ...listFilter, sort: sort.id === 'newest' ? undefined : sort.id })}
        <Button onClick={() => setOpen({ kind: 'add' })}>Add Lead</Button>
      </>
    ),
  };

  return (
    <>
      {view === 'board' ? (
        <>
          <CompanyToolbar {...toolbar} onRefresh={() => void queryClient.invalidateQueries({ queryKey: leadBoardKey(tenantId) })} refreshing={boardFetching} />
          <Suspense fallback={<ListSkeleton label="Loading..." />}>
            <LeadsBoard
              tenantId={tenantId}
              stages={stageFilter.id ? stages.filter((stage) => stage.id === stageFilter.id) : stages}
              filters={{ q, owner_id: owner }}
              owners={owners}
            />
          </Suspense>
        </>
      ) : (
        <CompanyListView
          {...toolbar}
          filter={
            <>
              {stageFilterField}
              {sortField}
            </>
          }
          query={query}
          rows={query.data?.leads ?? []}
          total={query.data?.pagination.total ?? 0}
          empty={
            q || stageFilter.id || owner ? (
              <EmptyState title="No leads found" hint="Try adjusting your search or filter criteria" />
            ) : (
              <EmptyState
                title="No leads found"
                hint="Leads appear here when a prospect is given a converting status, or when you add one."
                action={<Button onClick={() => setOpen({ kind: 'add' })}>Add First Lead</Button>}
              />
            )
          }
          selection={assignAction ? selection : undefined}
          selectionActions={assignAction?.({
            selectedIds: [...selection.selected],
            filter: listFilter,
            matching: query.data?.pagination.total ?? 0,
            onAssigned: selection.clear,
          })}
          renderCard={(lead) => (
            <LeadCard
              lead={lead}
              ownerName={ownerLabel(lead.owner_id, owners)}
              currency={currency}
              onEditValue={(target) => setOpen({ kind: 'value', lead: target })}
              onUpdateStage={(target) => setOpen({ kind: 'stage', lead: target })}
              onEdit={(target) => setOpen({ kind: 'edit', lead: target })}
              onViewHistory={(target) => setOpen({ kind: 'history', lead: target })}
              onDelete={(target) => setOpen({ kind: 'delete', lead: target })}
            />
          )}
          page={page}
          onPageChange={setPage}
        />
      )}

      <Suspense fallback={null}>
        {open?.kind === 'add' && <AddLeadDialog tenantId={tenantId} onDismiss={close} />}
        {open?.kind === 'edit' && <EditLeadDialog tenantId={tenantId} lead={open.lead} onDismiss={close} />}
        {open?.kind === 'value' && <EditLeadValueDialog tenantId={tenantId} lead={open.lead} onDismiss={close} />}
        {open?.kind === 'history' && <LeadHistoryDialog tenantId={tenantId} lead={open.lead} onDismiss={close} />}
        {open?.kind === 'stage' && (
          <StageUpdateDialog
            entity="Lead"
            subjectName={open.lead.name}
            currentStageName={open.lead.pipeline_stage_name}
            stages={stages}
            onSubmit={(stage, notes, lostReason) => submitStage(open.lead, stage, notes, lostReason)}
            onDismiss={close}
          />
        )}
        {open?.kind === 'delete' && (
          <ConfirmDialog
            isOpen
            title="Delete Lead"
            message={`Are you sure you want to delete "${open.lead.name}"? This action cannot be undone.`}
            busy={remove.isPending}
            onConfirm={() => confirmDelete(open.lead)}
            onCancel={close}
          />
        )}
      </Suspense>
    </>
  );
}
