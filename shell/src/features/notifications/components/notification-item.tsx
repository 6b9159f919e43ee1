import styled from 'styled-components';
import type { Notification } from '@app/shared/forms';
import { TimeAgo } from './time-ago';

const StyledItem = styled.li`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
`;

const StyledOpen = styled.button<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: 0.6rem 1fr;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)}`};
  border: 0;
  background: ${({ theme, $unread }) => ($unread ? theme.colors.infoSoft : 'transparent')};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: -2px; }
`;

const StyledDot = styled.span<{ $unread: boolean }>`
  width: 0.5rem;
  height: 0.5rem;
  margin-top: 0.45rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $unread }) => ($unread ? theme.colors.primary : 'transparent')};
`;

const StyledText = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  overflow-wrap: anywhere;
  time { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** One notification: its sentence and when; opening it marks it read and goes where it leads. */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  const unread = notification.read_at === null;
  return (
    <StyledItem>
      <StyledOpen type="button" $unread={unread} onClick={() => onOpen(notification)}>
        <StyledDot $unread={unread} aria-hidden="true" />
        <StyledText>
          <span>
            {unread && <span className="visually-hidden">Unread: </span>}
            {notification.text}
          </span>
          <TimeAgo at={notification.created_at} />
        </StyledText>
      </StyledOpen>
    </StyledItem>
  );
}
