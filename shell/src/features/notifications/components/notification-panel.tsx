import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button, lazyPart } from '@app/shared';
import type { Notification } from '@app/shared/forms';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationItem } from './notification-item';

const StyledPanel = styled.div`
  position: fixed;
  top: calc(${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.space(1)});
  left: ${({ theme }) => theme.space(2)};
  right: ${({ theme }) => theme.space(2)};
  z-index: 45;
  display: flex;
  flex-direction: column;
  max-height: calc(100dvh - ${({ theme }) => theme.layout.headerHeight} - ${({ theme }) => theme.space(4)});
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    position: absolute;
    top: calc(100% + ${({ theme }) => theme.space(1)});
    left: auto;
    right: 0;
    width: 24rem;
  }
`;

const StyledHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0 auto 0 0; font-size: 1rem; }
`;

const StyledList = styled.ul`
  flex: 1 1 auto;
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
`;

const StyledNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

// The mail settings validate with the contracts: loaded when first opened.
const MailPreferences = lazyPart(() => import('./mail-preferences'), 'MailPreferences');

export interface NotificationPanelProps {
  id: string;
  userId: string;
  onClose: () => void;
}

/** The bell's panel: newest first, each opened (and marked read) with a click; Mark all read; the mail settings. */
export function NotificationPanel({ id, userId, onClose }: NotificationPanelProps) {
  const list = useNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAll = useMarkAllNotificationsRead(userId);
  const navigate = useNavigate();
  const [settings, setSettings] = useState(false);
  const unread = list.data?.unread ?? 0;

  const open = (notification: Notification) => {
    if (notification.read_at === null) markRead.mutate(notification.id);
    if (notification.link) {
      onClose();
      void navigate(notification.link);
    }
  };

  return (
    <StyledPanel id={id} role="dialog" aria-label="Notifications">
      <StyledHead>
        <h2>Notifications</h2>
        <Button $variant="ghost" $size="sm" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
          Mark all read
        </Button>
        <Button $variant="ghost" $size="sm" aria-expanded={settings} onClick={() => setSettings((shown) => !shown)}>
          Mail settings
        </Button>
      </StyledHead>
      {settings && (
        <Suspense fallback={<StyledNote>Loading mail settings...</StyledNote>}>
          <MailPreferences userId={userId} />
        </Suspense>
      )}
      {list.isPending ? (
        <StyledNote>Loading notifications...</StyledNote>
      ) : list.isError ? (
        <StyledNote role="alert">
          Failed to load notifications.{' '}
          <Button $variant="ghost" $size="sm" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </StyledNote>
      ) : list.data.notifications.length === 0 ? (
        <StyledNote>No notifications yet.</StyledNote>
      ) : (
        <StyledList aria-label="Notifications, newest first">
          {list.data.notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onOpen={open} />
          ))}
        </StyledList>
      )}
    </StyledPanel>
  );
}
