import { DialogContent, DialogOverlay } from '@reach/dialog';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import styled from 'styled-components';
// From the shared singleton, as the toasts and the stack of open dialogs are one for the shell and every remote.
import { Button, innermostDialog, pushDialog, removeDialog, subscribeDialogs, ToastCard, useCurrentToast, wrapAnywhere } from '@app/shared';

// @reach/dialog is used only here, so it can be swapped without touching any screen.
// A phone's width goes to the content rather than the frame.
// A long name or address wraps inside the dialog instead of widening it past the window.
const StyledContent = styled(DialogContent)<{ $width: string }>`
  position: relative;
  width: min(${({ $width }) => $width}, calc(100vw - 1.5rem));
  max-height: 90vh;
  overflow: auto;
  margin: 5vh auto;
  padding: ${({ theme }) => theme.space(6)};
  @media (max-width: 479px) {
    padding: ${({ theme }) => theme.space(4)};
  }
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  outline: none;
  /* A field reached by Tab or by focus stops above a sticky footer, not under it (the footer sets the height). */
  scroll-padding-bottom: var(--dialog-footer-height, 0px);
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

// A toast raised while the dialog is open: in the dialog's flow, after its buttons, never over them.
const StyledDialogToast = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
  &:empty {
    margin: 0;
  }
`;

export const DialogFooter = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(6)};
`;

// A footer that stays at the bottom of a long dialog while its content scrolls: it reaches the
// dialog's edges (its padding is smaller on a phone) and covers what scrolls under it.
const StyledStickyFooter = styled(DialogFooter)`
  position: sticky;
  bottom: -${({ theme }) => theme.space(6)};
  margin: ${({ theme }) => theme.space(6)} -${({ theme }) => theme.space(6)} -${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: 479px) {
    bottom: -${({ theme }) => theme.space(4)};
    margin: ${({ theme }) => theme.space(6)} -${({ theme }) => theme.space(4)} -${({ theme }) => theme.space(4)};
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const DialogContentContext = createContext<HTMLElement | null>(null);

/**
 * A dialog's buttons kept in sight while a long form scrolls. The dialog learns the footer's
 * height, so a field focused (by Tab, or as the first in error) and its message stop above it.
 */
export function StickyDialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  const content = useContext(DialogContentContext);
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!content || !footer) return undefined;
    const measure = () => content.style.setProperty('--dialog-footer-height', `${footer.offsetHeight}px`);
    measure();
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resized?.observe(footer);
    return () => {
      resized?.disconnect();
      content.style.removeProperty('--dialog-footer-height');
    };
  }, [content, footer]);
  return (
    <StyledStickyFooter ref={setFooter} className={className}>
      {children}
    </StyledStickyFooter>
  );
}

/**
 * Scrolls a field in error and the message under it into the dialog's visible part (above a sticky
 * footer, through the dialog's scroll padding): focus alone shows the field but can leave its
 * message hidden, and then the button that was pressed seems to do nothing.
 */
function revealField(field: HTMLElement) {
  const messages = (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id) : null))
    .filter((element): element is HTMLElement => element !== null);
  // The field last, so that it wins when it and its message do not both fit.
  for (const element of [...messages, field]) element.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

export interface DialogProps {
  isOpen: boolean;
  onDismiss: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** CSS width; a dialog is 32rem unless it asks for more (the upload dialog: 800px). */
  width?: string;
  /** The form holds changes not saved: closing (Escape, ×, the overlay, useDialogDismiss) asks first. */
  dirty?: boolean;
  children: ReactNode;
}

export const DISCARD_CHANGES_TITLE = 'Discard unsaved changes?';

const DialogDismissContext = createContext<(() => void) | null>(null);

/**
 * How a form's Cancel closes the dialog it is in: like Escape, asking first when the dialog is
 * dirty. Outside a dialog it does nothing.
 */
export function useDialogDismiss(): () => void {
  return useContext(DialogDismissContext) ?? noop;
}

function noop() {}

/** A form's Cancel: closes its dialog as Escape does, asking first when the form is dirty. */
export function DialogCancel({ disabled, children = 'Cancel' }: { disabled?: boolean; children?: ReactNode }) {
  const dismiss = useDialogDismiss();
  return (
    <Button $variant="secondary" onClick={dismiss} disabled={disabled}>
      {children}
    </Button>
  );
}

/** Focus is nowhere useful: on the page, outside the dialog, on a control just disabled, or on the dialog's frame. */
function focusLost(content: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === content || !content.contains(active)) return true;
  return active instanceof HTMLButtonElement && active.disabled;
}

/**
 * Keeps the innermost open dialog in charge of the keyboard. A submit button disabled while its
 * request runs drops focus to the page, where Escape never reaches the dialog: Escape is heard
 * on the document too, and when the request's answer changes the dialog (an error appears, the
 * button comes back), focus goes to the first field in error, else to the dialog.
 */
function useDialogKeyboard(token: symbol, isOpen: boolean, content: HTMLDivElement | null, requestClose: () => void) {
  const closeRef = useRef(requestClose);
  closeRef.current = requestClose;

  useEffect(() => {
    if (!isOpen) return undefined;
    pushDialog(token);
    const innermost = () => innermostDialog() === token;

    // @reach/dialog handles Escape pressed inside it and stops it there; this hears the rest.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !innermost()) return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);

    const refocus = (records: MutationRecord[]) => {
      if (!content || !innermost()) return;
      const active = document.activeElement;
      // A new error pulls focus from the button that sent the form (or from nowhere) to its field.
      const newError = records.some(
        (record) => record.attributeName === 'aria-invalid' && record.target instanceof Element && record.target.getAttribute('aria-invalid') === 'true',
      );
      if (focusLost(content) || (newError && active instanceof HTMLButtonElement)) {
        const invalid = content.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)');
        (invalid ?? content).focus();
      }
      const focused = document.activeElement;
      if (newError && focused instanceof HTMLElement && content.contains(focused) && focused.getAttribute('aria-invalid') === 'true') revealField(focused);
    };
    const observer = new MutationObserver(refocus);
    if (content) observer.observe(content, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-invalid', 'disabled'] });

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      observer.disconnect();
      removeDialog(token);
    };
  }, [token, isOpen, content]);
}

/** The toast on screen, shown by the innermost open dialog (the page's toaster shows none meanwhile). */
function DialogToast({ token }: { token: symbol }) {
  const item = useCurrentToast();
  const innermost = useSyncExternalStore(subscribeDialogs, innermostDialog, innermostDialog) === token;
  return (
    <StyledDialogToast aria-live="polite" aria-atomic="true">
      {innermost && item && <ToastCard item={item} />}
    </StyledDialogToast>
  );
}

export function Dialog({ isOpen, onDismiss, title, description, width = '32rem', dirty = false, children }: DialogProps) {
  const titleId = useId();
  // The content mounts in a portal after this component's effects: a state ref sees it arrive.
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [token] = useState(() => Symbol('dialog'));
  const requestClose = useCallback(() => {
    if (dirty) setConfirming(true);
    else onDismiss();
  }, [dirty, onDismiss]);
  useDialogKeyboard(token, isOpen, content, requestClose);

  return (
    <DialogOverlay isOpen={isOpen} onDismiss={requestClose}>
      <StyledContent ref={setContent} $width={width} aria-labelledby={titleId}>
        <StyledHeader>
          <h2 id={titleId}>{title}</h2>
          {description && <p>{description}</p>}
        </StyledHeader>
        <StyledClose type="button" aria-label="Close" onClick={requestClose}>
          ×
        </StyledClose>
        <DialogContentContext.Provider value={content}>
          <DialogDismissContext.Provider value={requestClose}>{children}</DialogDismissContext.Provider>
        </DialogContentContext.Provider>
        <DialogToast token={token} />
      </StyledContent>
      {confirming && (
        <ConfirmDialog
          isOpen
          title={DISCARD_CHANGES_TITLE}
          message="The changes in this form have not been saved."
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          onConfirm={() => {
            setConfirming(false);
            onDismiss();
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
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
