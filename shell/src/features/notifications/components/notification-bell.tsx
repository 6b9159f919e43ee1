import { Suspense, useCallback, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { hasStaffAccess, iconButtonStyles, lazyPart, useSession } from '@app/shared';
import { useNotifications } from '../api/get-notifications';
import { useDismiss } from '../hooks/use-dismiss';

// The panel (its list, dates and mail settings) loads when the bell is first neared or opened: every staff page
// shows the bell and its count without it.
const NotificationPanel = lazyPart(() => import('./notification-panel'), 'NotificationPanel');

const StyledRoot = styled.div`
  position: relative;
  display: inline-flex;
  flex: 0 0 auto;
`;

const StyledBell = styled.button`
  ${iconButtonStyles}
  position: relative;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  svg { width: 1.25rem; height: 1.25rem; }
`;

const StyledBadge = styled.span`
  position: absolute;
  top: 0;
  right: 0;
  min-width: 1.1rem;
  height: 1.1rem;
  padding: 0 0.25rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
  font-size: 0.7rem;
  font-weight: 700;
  line-height: 1.1rem;
  text-align: center;
`;

/** What the bell says to assistive technology: how many are unread. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

/**
 * The header's bell: the unread count, kept fresh by polling while the tab is visible, and the panel.
 * Notifications speak of CRM records: an account without staff access has no bell (the server refuses it them).
 */
export function NotificationBell() {
  const { user } = useSession();
  const userId = user?._id ?? '';
  const staff = hasStaffAccess(user);
  const list = useNotifications(userId, staff);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, trigger, close);
  const unread = list.data?.unread ?? 0;

  if (!staff) return null;
  return (
    <StyledRoot ref={root}>
      <StyledBell
        ref={trigger}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        onPointerEnter={() => NotificationPanel.preload()}
        onFocus={() => NotificationPanel.preload()}
      >
        <BellIcon />
        {unread > 0 && <StyledBadge aria-hidden="true">{unread > 99 ? '99+' : unread}</StyledBadge>}
      </StyledBell>
      <Suspense fallback={null}>{open && <NotificationPanel id={panelId} userId={userId} onClose={close} />}</Suspense>
    </StyledRoot>
  );
}
