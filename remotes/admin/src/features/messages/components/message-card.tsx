import styled from 'styled-components';
import { Avatar, Button, Card } from '@app/shared';
import { CardFacts, CardHeader } from '@app/shared/ui/card-layout';
import { formatDateTimeLong } from '@app/shared/staff';
import { type SupportMessage } from '@app/shared/forms';
import { serviceLabel } from '../utils/service-label';

const StyledCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const StyledSender = styled.div`
  a { overflow-wrap: anywhere; font-size: 0.9rem; }
`;

const StyledFactsTight = styled(CardFacts)`
  margin: 0;
`;

const StyledSubject = styled.h4`
  margin: 0;
  font-size: 1rem;
  overflow-wrap: anywhere;
`;

const StyledBody = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  /* Visitors write in paragraphs; their line breaks are kept. */
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  /* Cards in a row end with their buttons on one line. */
  margin-top: auto;
`;

export interface MessageCardProps {
  message: SupportMessage;
  onSolve: (message: SupportMessage) => void;
  onConvert: (message: SupportMessage) => void;
  onDelete: (message: SupportMessage) => void;
}

export function MessageCard({ message, onSolve, onConvert, onDelete }: MessageCardProps) {
  const headingId = `message-${message.id}`;
  const received = formatDateTimeLong(message.created_at);
  const dated = received !== formatDateTimeLong(null);
  return (
    <StyledCard as="article" aria-labelledby={headingId}>
      <CardHeader>
        <Avatar name={message.name} />
        <StyledSender>
          <h3 id={headingId}>{message.name}</h3>
          <a href={`mailto:${message.email}`}>{message.email}</a>
        </StyledSender>
      </CardHeader>
      <StyledFactsTight>
        <dt>Received</dt>
        <dd>{dated ? <time dateTime={message.created_at}>{received}</time> : received}</dd>
        {message.phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${message.phone}`}>{message.phone}</a>
            </dd>
          </>
        )}
        {message.company && (
          <>
            <dt>Company</dt>
            <dd>{message.company}</dd>
          </>
        )}
        {message.service && (
          <>
            <dt>Service</dt>
            <dd>{serviceLabel(message.service)}</dd>
          </>
        )}
      </StyledFactsTight>
      <StyledSubject>{message.subject}</StyledSubject>
      <StyledBody>{message.message}</StyledBody>
      <StyledActions>
        <Button $size="sm" aria-label={`Mark as Solved: message from ${message.name}`} onClick={() => onSolve(message)}>
          Mark as Solved
        </Button>
        <Button $size="sm" $variant="secondary" aria-label={`Convert to prospect: message from ${message.name}`} onClick={() => onConvert(message)}>
          Convert to prospect
        </Button>
        <Button $size="sm" $variant="secondary" aria-label={`Delete message from ${message.name}`} onClick={() => onDelete(message)}>
          Delete
        </Button>
      </StyledActions>
    </StyledCard>
  );
}
