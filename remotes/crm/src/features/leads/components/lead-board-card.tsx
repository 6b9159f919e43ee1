import { useDraggable } from '@dnd-kit/core';
import styled from 'styled-components';
import { formatAmount, initials } from '@app/shared';
import { formatDate } from '@app/shared/format/format';
import type { Lead, OwnerOption } from '@app/shared/forms';
import { ownerLabel } from '../../../lib/owners';
import { isPastDay } from '../utils/local-day';

const StyledCard = styled.article<{ $lifted?: boolean; $placeholder?: boolean }>`
  box-sizing: border-box;
  height: 100%;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme, $lifted }) => ($lifted ? theme.shadows.popover : 'none')};
  opacity: ${({ $placeholder }) => ($placeholder ? 0.4 : 1)};
  cursor: grab;
  touch-action: none;
  font-size: 0.85rem;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  header { display: flex; align-items: center; gap: ${({ theme }) => theme.space(2)}; margin: 0 0 ${({ theme }) => theme.space(1)}; }
  h4 { flex: 1; min-width: 0; margin: 0; font-size: 0.95rem; }
  h4, p { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledOwner = styled.span`
  flex: none;
  min-width: 1.75rem;
  padding: 0 ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.75rem;
  text-align: center;
`;

// The close date goes under the value when the column is too narrow for both, never cut off.
const StyledDeal = styled.p`
  display: flex;
  flex-wrap: wrap;
  column-gap: ${({ theme }) => theme.space(2)};
  && { white-space: normal; overflow: visible; }
  && { color: ${({ theme }) => theme.colors.text}; }
  strong { font-weight: 600; }
`;

const StyledCloseDate = styled.span<{ $overdue: boolean }>`
  white-space: nowrap;
  color: ${({ theme, $overdue }) => ($overdue ? theme.colors.warning : theme.colors.textMuted)};
  font-weight: ${({ $overdue }) => ($overdue ? 600 : 'normal')};
`;

/** When the lead was last worked: its last call or its last change, whichever is later. */
export function lastActivity(lead: Pick<Lead, 'last_contacted' | 'updated_at'>): string {
  if (!lead.last_contacted) return lead.updated_at;
  return Date.parse(lead.last_contacted) > Date.parse(lead.updated_at) ? lead.last_contacted : lead.updated_at;
}

export interface LeadBoardCardProps {
  lead: Lead;
  /** The tenant's currency, the value's. */
  currency: string;
  /** The tenant's users, to name the owner. */
  owners: readonly OwnerOption[];
  /** Whether the card's column is an open stage: only an open deal can be past its close date. */
  open: boolean;
}

function CardBody({ lead, currency, owners, open }: LeadBoardCardProps) {
  const owner = ownerLabel(lead.owner_id, owners);
  const known = lead.owner_id !== null && owner !== 'Other user';
  const overdue = open && lead.expected_close_date !== null && isPastDay(lead.expected_close_date);
  return (
    <>
      <header>
        <h4>{lead.name}</h4>
        <StyledOwner role="img" aria-label={`Owner: ${owner}`} title={owner}>
          {known ? initials(owner) : '–'}
        </StyledOwner>
      </header>
      <StyledDeal>
        <strong>{lead.value === null ? 'No value' : formatAmount(lead.value, currency)}</strong>
        {lead.expected_close_date && (
          <StyledCloseDate $overdue={overdue} title={overdue ? 'Past its expected close date' : 'Expected close date'}>
            {overdue ? 'Overdue: ' : 'Closes '}
            {formatDate(lead.expected_close_date)}
          </StyledCloseDate>
        )}
      </StyledDeal>
      {/* Text, not a link: the card is dragged. */}
      <p>{lead.phone1_shown ?? lead.phone1}</p>
      <p>{lead.email ?? 'No email'}</p>
      <p>Last activity {formatDate(lastActivity(lead))}</p>
    </>
  );
}

/** The copy that follows the pointer (or the keyboard) while a card is dragged. */
export function LeadBoardCardOverlay(props: LeadBoardCardProps) {
  return (
    <StyledCard $lifted aria-hidden="true">
      <CardBody {...props} />
    </StyledCard>
  );
}

/** A lead on the board: picked up with the pointer, or with space or enter when focused. */
export function LeadBoardCard(props: LeadBoardCardProps) {
  const { lead } = props;
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: lead.id, data: { lead } });
  return (
    <StyledCard ref={setNodeRef} $placeholder={isDragging} aria-label={lead.name} data-lead-id={lead.id} {...attributes} {...listeners}>
      <CardBody {...props} />
    </StyledCard>
  );
}
