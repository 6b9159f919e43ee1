import { useDraggable } from '@dnd-kit/core';
import styled from 'styled-components';
import { shownPhone } from '@app/shared/format/phone';
import { formatDate } from '@app/shared/staff';
import { type Lead } from '@app/shared/forms';

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
  h4 { margin: 0 0 ${({ theme }) => theme.space(1)}; font-size: 0.95rem; }
  h4, p { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** When the lead was last worked: its last call or its last change, whichever is later. */
export function lastActivity(lead: Pick<Lead, 'last_contacted' | 'updated_at'>): string {
  if (!lead.last_contacted) return lead.updated_at;
  return Date.parse(lead.last_contacted) > Date.parse(lead.updated_at) ? lead.last_contacted : lead.updated_at;
}

function CardBody({ lead }: { lead: Lead }) {
  return (
    <>
      <h4>{lead.name}</h4>
      {/* Text, not a link: the card is dragged. */}
      <p>{shownPhone(lead.phone1, lead.phone1_e164)}</p>
      <p>{lead.email ?? 'No email'}</p>
      <p>Last activity {formatDate(lastActivity(lead))}</p>
    </>
  );
}

/** The copy that follows the pointer (or the keyboard) while a card is dragged. */
export function LeadBoardCardOverlay({ lead }: { lead: Lead }) {
  return (
    <StyledCard $lifted aria-hidden="true">
      <CardBody lead={lead} />
    </StyledCard>
  );
}

/** A lead on the board: picked up with the pointer, or with space or enter when focused. */
export function LeadBoardCard({ lead }: { lead: Lead }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: lead.id, data: { lead } });
  return (
    <StyledCard ref={setNodeRef} $placeholder={isDragging} aria-label={lead.name} data-lead-id={lead.id} {...attributes} {...listeners}>
      <CardBody lead={lead} />
    </StyledCard>
  );
}
