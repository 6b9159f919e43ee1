import styled from 'styled-components';

/** What happened to a record, newest first: one entry per event, its time and who below it. */
export const Timeline = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

export const TimelineEntry = styled.li`
  padding-left: ${({ theme }) => theme.space(3)};
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  p { margin: 0; overflow-wrap: anywhere; }
`;

export const TimelineMeta = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;
