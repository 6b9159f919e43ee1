import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { errorMessage, formatAmount, MutedText } from '@app/shared';
import { type OwnerOption, type PipelineStage, type StageFigures } from '@app/shared/forms';
import { StageDot } from '../../../components/stage-badge';
import { useLeadBoardColumn, type BoardFilters } from '../api/get-lead-board-column';
import { columnLeads } from '../utils/board-cache';
import { LeadBoardCard } from './lead-board-card';

const StyledColumn = styled.section<{ $over: boolean }>`
  display: flex;
  flex-direction: column;
  flex: 0 0 17rem;
  min-width: 0;
  border: 1px solid ${({ theme, $over }) => ($over ? theme.colors.focus : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const StyledHeader = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  h3 { flex: 1; margin: 0; font-size: 0.95rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const StyledCount = styled.span`
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  font-size: 0.8rem;
`;

const StyledValue = styled.p`
  margin: 0;
  padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;

const StyledScroller = styled.div`
  /* A fixed height: the virtual list renders only the cards this window shows. */
  height: min(65vh, 40rem);
  overflow-y: auto;
  padding: 0 ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(2)};
`;

const StyledNote = styled(MutedText)`
  padding: ${({ theme }) => theme.space(2)};
  font-size: 0.85rem;
`;

/** Height of a card plus the gap below it; cards are of one fixed height so the list can be virtual. */
const ROW_HEIGHT = 140;
const ROW_GAP = 8;
/** Loads the next page when the last cards loaded come this close into view. */
const LOAD_AHEAD = 10;

export interface LeadBoardColumnProps {
  tenantId: string;
  stage: PipelineStage;
  filters: BoardFilters;
  /** The stage's count and value for the search (the pipeline summary), once loaded. */
  figures?: StageFigures;
  currency: string;
  /** The tenant's users, to name each card's owner. */
  owners: readonly OwnerOption[];
}

/** One stage: its name, colour and count (the server's, for the search), and its cards, 50 at a time as the column scrolls. */
export function LeadBoardColumn({ tenantId, stage, filters, figures, currency, owners }: LeadBoardColumnProps) {
  const query = useLeadBoardColumn(tenantId, stage.id, filters);
  const { setNodeRef, isOver } = useDroppable({ id: stage.id, data: { stage } });
  const leads = columnLeads(query.data);
  const total = query.data?.pages[0]?.pagination.total;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT + ROW_GAP,
    overscan: 6,
    getItemKey: (index) => leads[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items[items.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastShown >= leads.length - LOAD_AHEAD) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastShown, leads.length]);

  const headingId = `board-stage-${stage.id}`;
  return (
    <StyledColumn ref={setNodeRef} $over={isOver} aria-labelledby={headingId} data-stage-id={stage.id}>
      <StyledHeader>
        <StageDot color={stage.color} />
        <h3 id={headingId}>{stage.name}</h3>
        <StyledCount aria-label={`${total ?? 0} leads`}>{total === undefined ? '…' : total.toLocaleString('en-US')}</StyledCount>
      </StyledHeader>
      <StyledValue title="Total value">{figures ? formatAmount(figures.value, currency) : '…'}</StyledValue>
      <StyledScroller ref={scroller}>
        {query.isPending && <StyledNote>Loading leads...</StyledNote>}
        {query.isError && <StyledNote role="alert">{errorMessage(query.error, 'The leads could not be loaded.')}</StyledNote>}
        {query.isSuccess && leads.length === 0 && <StyledNote>No leads in this stage</StyledNote>}
        <ul aria-label={`${stage.name} leads`} style={{ position: 'relative', height: virtualizer.getTotalSize(), margin: 0, padding: 0, listStyle: 'none' }}>
          {items.map((item) => {
            const lead = leads[item.index]!;
            return (
              <li key={item.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}>
                <LeadBoardCard lead={lead} currency={currency} owners={owners} open={stage.kind === 'open'} />
              </li>
            );
          })}
        </ul>
        {isFetchingNextPage && <StyledNote>Loading more leads...</StyledNote>}
      </StyledScroller>
    </StyledColumn>
  );
}
