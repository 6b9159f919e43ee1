import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button, EmptyState, formatAmount, lazyPart } from '@app/shared';
import { PIPELINE_TOTAL_LABEL, WEIGHTED_TOTAL_LABEL } from '@app/shared/contracts/constants';
import type { Lead, OwnerOption, PipelineStage } from '@app/shared/forms';
import { stageChangeToasts } from '../../../components/company-list';
import { leadBoardKey, type BoardColumnData, type BoardFilters } from '../api/get-lead-board-column';
import { usePipelineSummary } from '../api/get-pipeline-summary';
import { useMoveLeadOnBoard, type MoveLeadVariables } from '../api/move-lead-on-board';
import { useOpenDealsOnly } from '../hooks/use-open-deals-only';
import { boardAnnouncements, boardInstructions } from '../utils/board-announcements';
import { columnLeads, columnStageOf } from '../utils/board-cache';
import { columnKeyboardCoordinates } from '../utils/column-keyboard-coordinates';
import { LeadBoardCardOverlay } from './lead-board-card';
import { LeadBoardColumn } from './lead-board-column';

// The lost reason's dialog loads when a card is first dropped on a lost column: the board shows without it.
const LostReasonDialog = lazyPart(() => import('./lost-reason-dialog'), 'LostReasonDialog');

// The columns fade out at the right edge, so a cut column reads as "more this way"; the end padding is as wide
// as the fade, so once scrolled to the end only empty space is faded. (The columns' own backgrounds would hide a scroll shadow.)
const StyledBoard = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.space(2)};
  padding-right: ${({ theme }) => theme.space(8)};
  mask-image: linear-gradient(to right, black calc(100% - ${({ theme }) => theme.space(8)}), transparent);
`;

const StyledTotals = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  dl { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)}; margin: 0; }
  div { display: flex; gap: ${({ theme }) => theme.space(1)}; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; }
  /* On a phone the four totals sit two by two, label over figure, so the board starts higher. */
  @media (max-width: calc(${({ theme }) => theme.breakpoints.md} - 1px)) {
    dl { display: grid; grid-template-columns: 1fr 1fr; width: 100%; }
    div { flex-direction: column; gap: 0; }
    dt { font-size: 0.8rem; }
  }
`;

export interface LeadsBoardProps {
  tenantId: string;
  /** The columns: the tenant's active stages in their order (or the one the filter picked). */
  stages: readonly PipelineStage[];
  filters: BoardFilters;
  /** The tenant's users, to name each card's owner. */
  owners?: readonly OwnerOption[];
}

const NO_OWNERS: OwnerOption[] = [];

/** Leads as a pipeline board: a card dropped on another column changes the lead's stage. */
export function LeadsBoard({ tenantId, stages: allStages, filters, owners = NO_OWNERS }: LeadsBoardProps) {
  const queryClient = useQueryClient();
  const move = useMoveLeadOnBoard(tenantId);
  const [active, setActive] = useState<Lead | null>(null);
  // A card dropped on a lost column waits here for its reason.
  const [losing, setLosing] = useState<MoveLeadVariables | null>(null);
  const [openOnly, setOpenOnly] = useOpenDealsOnly();
  // Open deals: the won and lost columns step aside; the totals still name them.
  const stages = useMemo(() => (openOnly ? allStages.filter((stage) => stage.kind === 'open') : allStages), [allStages, openOnly]);
  const summary = usePipelineSummary(tenantId, filters);
  const currency = summary.data?.currency ?? 'USD';
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // Left and right arrows jump from column to column.
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  const stageNames = useMemo(() => new Map(stages.map((stage) => [stage.id, stage.name])), [stages]);
  const accessibility = useMemo(() => {
    const stageOfLead = (leadId: string) => {
      for (const [key, data] of queryClient.getQueriesData<BoardColumnData>({ queryKey: leadBoardKey(tenantId) }))
        if (columnLeads(data).some((lead) => lead.id === leadId)) return columnStageOf(key);
      return undefined;
    };
    return { announcements: boardAnnouncements(stageNames, stageOfLead), screenReaderInstructions: boardInstructions };
  }, [queryClient, tenantId, stageNames]);

  if (allStages.length === 0) return <EmptyState title="No pipeline stages" hint="Add pipeline stages with Manage Stages to see the board." />;

  const onDragStart = ({ active: picked }: DragStartEvent) => setActive((picked.data.current?.lead as Lead | undefined) ?? null);
  const onDragEnd = ({ active: dropped, over }: DragEndEvent) => {
    setActive(null);
    const lead = dropped.data.current?.lead as Lead | undefined;
    const stage = over?.data.current?.stage as PipelineStage | undefined;
    if (!lead || !stage || stage.id === lead.pipeline_stage_id) return;
    if (stage.kind === 'lost') setLosing({ lead, stage });
    else commit({ lead, stage });
  };
  const commit = (variables: MoveLeadVariables) => {
    const toasts = stageChangeToasts('Lead');
    move.mutate(variables, { onSuccess: (updated) => toasts.success(updated.pipeline_stage_name ?? variables.stage.name), onError: toasts.failure });
  };
  const figuresOf = (stageId: string) => summary.data?.stages.find((figures) => figures.pipeline_stage_id === stageId);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rectIntersection}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
    >
      <StyledTotals aria-label="Pipeline totals">
        {/* The pipeline is the open deals; won and lost deals are beside it, never in it. */}
        <dl>
          <div>
            <dt>{PIPELINE_TOTAL_LABEL}</dt>
            <dd>{summary.data ? formatAmount(summary.data.pipeline.value, currency) : '…'}</dd>
          </div>
          <div>
            <dt>{WEIGHTED_TOTAL_LABEL}</dt>
            <dd>{summary.data ? formatAmount(summary.data.pipeline.weighted_value, currency) : '…'}</dd>
          </div>
          <div>
            <dt>Won (not in the pipeline)</dt>
            <dd>{summary.data ? formatAmount(summary.data.won.value, currency) : '…'}</dd>
          </div>
          <div>
            <dt>Lost (not in the pipeline)</dt>
            <dd>{summary.data ? formatAmount(summary.data.lost.value, currency) : '…'}</dd>
          </div>
        </dl>
        <Button $variant={openOnly ? 'primary' : 'secondary'} aria-pressed={openOnly} onClick={() => setOpenOnly(!openOnly)}>
          Open deals
        </Button>
      </StyledTotals>
      <StyledBoard role="region" aria-label="Leads board">
        {stages.map((stage) => (
          <LeadBoardColumn
            key={stage.id}
            tenantId={tenantId}
            stage={stage}
            filters={filters}
            figures={figuresOf(stage.id)}
            currency={currency}
            owners={owners}
          />
        ))}
      </StyledBoard>
      <DragOverlay>
        {active ? (
          <LeadBoardCardOverlay
            lead={active}
            currency={currency}
            owners={owners}
            open={(allStages.find((stage) => stage.id === active.pipeline_stage_id)?.kind ?? 'open') === 'open'}
          />
        ) : null}
      </DragOverlay>
      <Suspense fallback={null}>
        {losing && (
          <LostReasonDialog
            leadName={losing.lead.name}
            stageName={losing.stage.name}
            onConfirm={(reason) => {
              commit({ ...losing, lostReason: reason });
              setLosing(null);
            }}
            onDismiss={() => setLosing(null)}
          />
        )}
      </Suspense>
    </DndContext>
  );
}
