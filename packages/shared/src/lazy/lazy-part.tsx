import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/button';

// Fixed at the foot of the window: a dialog's part is written wherever its opener sits, often far below the fold.
const StyledAlert = styled.div`
  position: fixed;
  left: 50%;
  bottom: ${({ theme }) => theme.space(4)};
  transform: translateX(-50%);
  z-index: 90;
  width: min(30rem, calc(100vw - 2rem));
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  p { flex: 1 1 100%; margin: 0; }
`;

export const PART_FAILED_TEXT = 'This part of the page could not be loaded. Check your connection, then reload the page.';

/** A part's code that did not arrive: told apart from a crash of code that did, which the page's own boundary reports. */
class PartLoadError extends Error {}

type Props = Record<string, unknown>;

/**
 * Shows a part whose code could not be fetched as a message with Reload (and Close, for a part that can be
 * closed), in place of the part alone: the rest of the page stays. Reload, because the browser keeps a
 * failed module for the life of the page, so asking again would fail again.
 */
class PartBoundary extends Component<{ onClose?: () => void; children?: ReactNode }, { error?: unknown }> {
  state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!(error instanceof PartLoadError)) throw error;
    const { onClose } = this.props;
    return (
      <StyledAlert role="alert">
        <p>{PART_FAILED_TEXT}</p>
        {onClose && (
          <Button $variant="secondary" onClick={onClose}>
            Close
          </Button>
        )}
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </StyledAlert>
    );
  }
}

/**
 * A component whose code loads when it first renders, so a page does not wait for screens and dialogs
 * nobody has opened yet. `preload()` starts the download early (on hover or focus of what opens it), and
 * never throws: a failure shows when the part is rendered. Render it under a Suspense.
 */
export function lazyPart<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  let pending: Promise<M> | undefined;
  const loading = () =>
    (pending ??= load().catch((cause: unknown) => {
      throw new PartLoadError('part not loaded', { cause });
    }));
  const Lazy = lazy(() => loading().then((module) => ({ default: module[name] as ComponentType<Props> })));
  const Part = (props: PartProps<M[K]>) => {
    // Dialogs are closed through onDismiss (as @reach/dialog names it), panels through onClose.
    const { onDismiss, onClose } = props as Props;
    const close = typeof onDismiss === 'function' ? onDismiss : typeof onClose === 'function' ? onClose : undefined;
    return (
      <PartBoundary onClose={close && (() => close())}>
        <Lazy {...(props as Props)} />
      </PartBoundary>
    );
  };
  const preload = () => {
    loading().catch(() => undefined);
  };
  return Object.assign(Part, { preload });
}

type PartProps<C> = C extends ComponentType<infer P> ? P : never;
