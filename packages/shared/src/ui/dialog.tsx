import { DialogContent, DialogOverlay } from '@reach/dialog';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, wrapAnywhere } from '@app/shared';

// @reach/dialog is used only here, so it can be swapped without touching any screen.
const StyledContent = styled(DialogContent)<{ $width: string }>`
  position: relative;
  width: min(${({ $width }) => $width}, calc(100vw - 1.5rem));
  max-height: 90vh;
  overflow: auto;
  margin: 5vh auto;
  padding: ${({ theme }) => theme.space(6)};
  /* A phone's width goes to the content rather than the frame. */
  @media (max-width: 479px) {
    padding: ${({ theme }) => theme.space(4)};
  }
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  outline: none;
  /* A long name or address wraps inside the dialog instead of widening it past the window. */
  ${wrapAnywhere}
`;

const StyledHeader = styled.div`
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding-right: ${({ theme }) => theme.space(8)};
  h2 { font-size: 1.25rem; margin: 0; }
  p { margin: ${({ theme }) => theme.space(1)} 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledClose = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space(4)};
  right: ${({ theme }) => theme.space(4)};
  border: 0;
  background: transparent;
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const DialogFooter = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(6)};
`;

export interface DialogProps {
  isOpen: boolean;
  onDismiss: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** CSS width; a dialog is 32rem unless it asks for more (the upload dialog: 800px). */
  width?: string;
  children: ReactNode;
}

export function Dialog({ isOpen, onDismiss, title, description, width = '32rem', children }: DialogProps) {
  const titleId = useId();
  return (
    <DialogOverlay isOpen={isOpen} onDismiss={onDismiss}>
      <StyledContent $width={width} aria-labelledby={titleId}>
        <StyledHeader>
          <h2 id={titleId}>{title}</h2>
          {description && <p>{description}</p>}
        </StyledHeader>
        <StyledClose type="button" aria-label="Close" onClick={onDismiss}>
          ×
        </StyledClose>
        {children}
      </StyledContent>
    </DialogOverlay>
  );
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busy = false,
  destructive = true,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onDismiss={onCancel} title={title}>
      <p>{message}</p>
      <DialogFooter>
        <Button $variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button $variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
