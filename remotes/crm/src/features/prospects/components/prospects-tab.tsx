import { Suspense, useState, type ReactNode } from 'react';
import { Button, EmptyState, lazyPart } from '@app/shared';
import { Combobox } from '@app/shared/ui/combobox';
import { PAGE_SIZE } from '@app/shared/contracts/constants';
import type { AssignFilter, Goal, OwnerFilter as OwnerFilterValue, OwnerOption, PipelineStage, Prospect, StatusOption } from '@app/shared/forms';
import { CompanyListView, deleteToasts, stageChangeToasts } from '../../../components/company-list';
import { StyledPreloadArea } from '../../../components/layout';
import { optionParam, ownerParam, useListSearch, useViewParams } from '../../../hooks/use-list-params';
import { OwnerFilter } from '../../../components/owner-filter';
import { useSelection } from '../../../hooks/use-selection';
import { type AssignScope, ownerLabel } from '../../../lib/owners';
import { optionDescription, optionKey, optionName } from '../../../lib/options';
import { useChangeProspectStage } from '../api/change-prospect-stage';
import { useDeleteProspect } from '../api/delete-prospect';
import { useProspects } from '../api/get-prospects';
import { statusEmptyText } from '../utils/status-texts';
import { ProspectCard } from './prospect-card';

// The dialogs load when one is first opened (a card's menu or 'Add Prospect' starts it on hover): the list shows without them.
const ProspectFormDialog = lazyPart(() => import('./prospect-form-dialog'), 'ProspectFormDialog');
const UpdateStatusDialog = lazyPart(() => import('./update-status-dialog'), 'UpdateStatusDialog');
const StageUpdateDialog = lazyPart(() => import('../../../components/stage-update-dialog'), 'StageUpdateDialog');
const ConfirmDialog = lazyPart(() => import('@app/shared/staff'), 'ConfirmDialog');
const preloadDialogs = () => {
  for (const dialog of [ProspectFormDialog, UpdateStatusDialog, StageUpdateDialog, ConfirmDialog]) void dialog.preload();
};

type StatusChoice = Pick<StatusOption, 'id' | 'name' | 'description'>;
const ALL_STATUSES: StatusChoice = { id: '', name: 'All Statuses', description: null };

type Open = { kind: 'add' } | { kind: 'status'; prospect: Prospect } | { kind: 'stage'; prospect: Prospect } | { kind: 'delete'; prospect: Prospect } | null;

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
  /** 'Start calling' over the list's current filter, owned by the call-queue feature. */
  callAction?: (filter: { q?: string; status_id?: string; owner_id?: OwnerFilterValue }) => ReactNode;
  /** The saved views menu, owned by the saved-views feature. */
  viewsAction?: ReactNode;
  /** The tenant's users: the Owner shown on each card and the owner filter's choices. */
  owners?: readonly OwnerOption[];
  /** 'Assign to' over the ticked rows or the list's filter, owned by the owners feature. */
  assignAction?: (scope: AssignScope) => ReactNode;
  /** 'Export' of the list as it is filtered, owned by the list-export feature. */
  exportAction?: (filter: AssignFilter) => ReactNode;
}

export function ProspectsTab({
  tenantId,
  statuses,
  goals,
  stages,
  manageStatusAction,
  uploadAction,
  callAction,
  viewsAction,
  owners = [],
  assignAction,
  exportAction,
}: ProspectsTabProps) {
  const { search, setSearch, q } = useListSearch();
  const { params, update, page, setPage } = useViewParams();
  const statusFilter = optionParam<StatusChoice>(params.get('status_id'), statuses, ALL_STATUSES);
  const setStatusFilter = (next: StatusChoice) => update({ status_id: next.id });
  const invalidPhone = params.get('invalid_phone') === 'true';
  const setInvalidPhone = (next: boolean) => update({ invalid_phone: next ? 'true' : undefined });
  const owner = ownerParam(params.get('owner_id')) as OwnerFilterValue | undefined;
  const setOwner = (next: OwnerFilterValue | undefined) => update({ owner_id: next });
  const selection = useSelection(JSON.stringify([q, statusFilter.id, invalidPhone, owner]));
  const [open, setOpen] = useState<Open>(null);
  const listFilter: AssignFilter = { q: q || undefined, status_id: statusFilter.id || undefined, owner_id: owner, invalid_phone: invalidPhone || undefined };
  const filters = { ...listFilter, page, limit: PAGE_SIZE };
  const query = useProspects(tenantId, filters);
  // How many prospects have a phone that is not a number: the server's total of that filter.
  const invalidCount = useProspects(tenantId, { invalid_phone: true, page: 1, limit: 1 }).data?.pagination.total ?? 0;
  const changeStage = useChangeProspectStage(tenantId);
  const remove = useDeleteProspect(tenantId);
  const close = () => setOpen(null);

  const submitStage = (prospect: Prospect, stage: PipelineStage, notes: string) => {
    close();
    const toasts = stageChangeToasts('Prospect');
    changeStage.mutate({ prospect, stage, notes }, { onSuccess: (answer) => toasts.success(answer.pipeline_stage_name), onError: toasts.failure });
  };

  const confirmDelete = (prospect: Prospect) => {
    const toasts = deleteToasts('Prospect', prospect.name);
    remove.mutate(prospect.id, { onSuccess: toasts.success, onError: toasts.failure, onSettled: close });
  };

  return (
    <StyledPreloadArea onPointerMove={preloadDialogs} onFocus={preloadDialogs}>
      <CompanyListView
        noun="prospects"
        search={search}
        onSearchChange={setSearch}
        filter={
          <>
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
            {(invalidCount > 0 || invalidPhone) && (
              <Button $variant={invalidPhone ? 'primary' : 'secondary'} aria-pressed={invalidPhone} onClick={() => setInvalidPhone(!invalidPhone)}>
                Invalid phone ({invalidCount})
              </Button>
            )}
            <OwnerFilter value={owner} onChange={setOwner} owners={owners} />
          </>
        }
        leadingActions={
          <>
            {manageStatusAction}
            {viewsAction}
          </>
        }
        trailingActions={
          <>
            {/* Numbers that are not numbers cannot be called: no queue over them. */}
            {!invalidPhone && callAction?.({ q: q || undefined, status_id: statusFilter.id || undefined, owner_id: owner })}
            {uploadAction}
            {exportAction?.(listFilter)}
            <Button onClick={() => setOpen({ kind: 'add' })}>Add Prospect</Button>
          </>
        }
        query={query}
        rows={query.data?.prospects ?? []}
        total={query.data?.pagination.total ?? 0}
        empty={
          <EmptyState
            title="No prospects found"
            hint={
              q || statusFilter.id || invalidPhone || owner
                ? 'Try adjusting your search or filter criteria'
                : 'Upload a JSON file or add a prospect to get started.'
            }
          />
        }
        selection={assignAction ? selection : undefined}
        selectionActions={assignAction?.({
          selectedIds: [...selection.selected],
          filter: listFilter,
          matching: query.data?.pagination.total ?? 0,
          onAssigned: selection.clear,
        })}
        renderCard={(prospect) => (
          <ProspectCard
            prospect={prospect}
            ownerName={ownerLabel(prospect.owner_id, owners)}
            onUpdateStatus={(target) => setOpen({ kind: 'status', prospect: target })}
            onUpdateStage={(target) => setOpen({ kind: 'stage', prospect: target })}
            onDelete={(target) => setOpen({ kind: 'delete', prospect: target })}
          />
        )}
        page={page}
        onPageChange={setPage}
      />

      <Suspense fallback={null}>
        {open?.kind === 'add' && <ProspectFormDialog tenantId={tenantId} onDismiss={close} />}
        {open?.kind === 'status' && <UpdateStatusDialog tenantId={tenantId} prospect={open.prospect} statuses={statuses} goals={goals} onDismiss={close} />}
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
        {open?.kind === 'delete' && (
          <ConfirmDialog
            isOpen
            title="Delete Prospect"
            message={`Are you sure you want to delete "${open.prospect.name}"? Any lead made from it is deleted too. This action cannot be undone.`}
            busy={remove.isPending}
            onConfirm={() => confirmDelete(open.prospect)}
            onCancel={close}
          />
        )}
      </Suspense>
    </StyledPreloadArea>
  );
}
