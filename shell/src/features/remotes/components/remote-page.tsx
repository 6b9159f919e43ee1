import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorPanel, Spinner, type ExposedModuleName, type RemotePageModule } from '@app/shared';
import { fallBackAfterRenderFailure, loadRemotePage, type RemoteName } from '../api/remote-loader';
import { useNewerVersion } from '../hooks/use-newer-version';

// Shown only once a newer version is published while the page is open: no first load carries it.
const NewerVersionNotice = lazy(() => import('./newer-version-notice').then((m) => ({ default: m.NewerVersionNotice })));

const StyledLoading = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(16)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type State = { status: 'loading' } | { status: 'ready'; page: RemotePageModule; Page: ComponentType } | { status: 'failed' };

class RenderBoundary extends Component<{ onError: (error: Error) => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Remote page crashed', error, info.componentStack);
    this.props.onError(error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A page from a remote: loaded on first visit, from the remote's fallback version when its own fails;
 * a failure with no fallback shows Retry while the layout keeps working. A newer version promoted
 * while the page is open is offered, never forced.
 */
export function RemotePage<R extends RemoteName>({ remote, module }: { remote: R; module: ExposedModuleName<R> }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const newer = useNewerVersion(remote);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    loadRemotePage(remote, module).then(
      (mod) => active && setState({ status: 'ready', page: mod, Page: mod.default }),
      (error: unknown) => {
        console.error(`Could not load ${remote}/${module}`, error);
        if (active) setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [remote, module, attempt]);

  if (state.status === 'loading') {
    return (
      <StyledLoading role="status" aria-live="polite">
        <Spinner aria-hidden="true" />
        <span className="visually-hidden">Loading…</span>
      </StyledLoading>
    );
  }
  if (state.status === 'failed') {
    return (
      <ErrorPanel
        title="This section could not be loaded"
        message="Check your connection and try again. The rest of the app keeps working."
        onRetry={() => setAttempt((n) => n + 1)}
      />
    );
  }
  const { page, Page } = state;
  const onRenderError = (error: Error) => {
    if (fallBackAfterRenderFailure(remote, page, error)) {
      // The crashed page is not rendered again under the next boundary: the fallback's replaces it.
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    } else setState({ status: 'failed' });
  };
  return (
    <>
      {newer && (
        <Suspense fallback={null}>
          <NewerVersionNotice />
        </Suspense>
      )}
      <RenderBoundary key={attempt} onError={onRenderError}>
        <Page />
      </RenderBoundary>
    </>
  );
}
