import { Link } from 'react-router';
import styled from 'styled-components';
import type { CallQueueFilter } from '@app/shared/forms';
import { queueSearch } from '../utils/queue-filter';

const StyledLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 2.5rem;
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
`;

/** Opens the call queue over the prospects the list shows (its status, stage and search). */
export function StartCallingButton({ filter }: { filter: Omit<CallQueueFilter, 'exclude_ids'> }) {
  return <StyledLink to={`/crm/call-queue${queueSearch(filter)}`}>Start calling</StyledLink>;
}
