import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorPanel, Spinner } from '@app/shared';
import { loadRemotePage, type RemoteName } from '../api/remote-loader';

const StyledLoading = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(16)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type State = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed' };

class RenderBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Remote page crashed', error, info.componentStack);
    this.props.onError();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A page from a remote: loaded on first visit; a failed load shows Retry while the layout keeps working. */
export function RemotePage({ remote, module }: { remote: RemoteName; module: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    loadRemotePage(remote, module).then(
      (mod) => active && setState({ status: 'ready', Page: mod.default }),
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
  const { Page } = state;
  return (
    <RenderBoundary key={attempt} onError={() => setState({ status: 'failed' })}>
      <Page />
    </RenderBoundary>
  );
}
