import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { innermostDialog, subscribeDialogs } from '../ui/dialog-stack';
import { currentToast, dismissToast, subscribeToasts, toast, type ToastItem } from './toast-store';

const StyledRegion = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space(4)};
  bottom: ${({ theme }) => theme.space(4)};
  z-index: 100;
  width: min(24rem, calc(100vw - 2rem));
`;

const StyledToast = styled.div<{ $variant: ToastItem['variant'] }>`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.danger : theme.colors.surface)};
  color: ${({ theme, $variant }) => ($variant === 'destructive' ? theme.colors.onDanger : theme.colors.text)};
  border-left: 4px solid
    ${({ theme, $variant }) => ($variant === 'success' ? theme.colors.success : $variant === 'destructive' ? theme.colors.danger : theme.colors.primary)};
`;

const StyledBody = styled.div`
  flex: 1;
  min-width: 0;
  strong { display: block; }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; }
`;

const StyledClose = styled.button`
  border: 0;
  background: transparent;
  cursor: pointer;
  font-size: 1.25rem;
  line-height: 1;
  padding: 0 ${({ theme }) => theme.space(1)};
`;

/** The toast on screen, if any. */
export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(subscribeToasts, currentToast, currentToast);
}

/** One toast: its title, text and close button, announced as an alert when destructive. */
export function ToastCard({ item }: { item: ToastItem }) {
  return (
    <StyledToast $variant={item.variant} role={item.variant === 'destructive' ? 'alert' : 'status'} data-testid="toast">
      <StyledBody>
        <strong>{item.title}</strong>
        {item.description && <p>{item.description}</p>}
      </StyledBody>
      <StyledClose type="button" aria-label="Close notification" onClick={() => dismissToast(item.id)}>
        ×
      </StyledClose>
    </StyledToast>
  );
}

/** Toasts in the corner of the page; while a dialog is open, that dialog shows them in its own flow instead (ui/dialog.tsx). */
export function Toaster() {
  const item = useCurrentToast();
  const inDialog = useSyncExternalStore(subscribeDialogs, innermostDialog, innermostDialog) !== undefined;
  return (
    <StyledRegion role="region" aria-label="Notifications">
      <div aria-live="polite" aria-atomic="true">
        {item && !inDialog && <ToastCard item={item} />}
      </div>
    </StyledRegion>
  );
}

export function useToast() {
  return { toast, dismiss: dismissToast };
}
