import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, Suspense, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../../theme/theme';
import { lazyPart, PART_FAILED_TEXT } from '../lazy-part';

function Dialog({ title }: { title: string; onDismiss?: () => void; onClose?: () => void }) {
  return <div role="dialog">{title}</div>;
}

function Crashing(): ReactNode {
  throw new Error('bug in the part');
}

/** The page's own boundary, as the shell's around a remote page: it must still hear of a crash. */
class PageBoundary extends Component<{ children: ReactNode }, { crashed?: string }> {
  state: { crashed?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { crashed: error.message };
  }
  render() {
    return this.state.crashed ? <p>Page crashed: {this.state.crashed}</p> : this.props.children;
  }
}

function page(part: ReactNode) {
  return render(
    <ThemeProvider theme={lightTheme}>
      <PageBoundary>
        <h1>Prospects</h1>
        <Suspense fallback={<p>Loading…</p>}>{part}</Suspense>
      </PageBoundary>
    </ThemeProvider>,
  );
}

describe('lazyPart', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows a part once its code arrives', async () => {
    const Part = lazyPart(async () => ({ Dialog }), 'Dialog');
    page(<Part title="Add Prospect" />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Add Prospect');
  });

  it('a part whose code cannot be fetched says so in its place, with Reload and Close, and the page stays', async () => {
    const Part = lazyPart<{ Dialog: typeof Dialog }, 'Dialog'>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'Dialog');
    const onDismiss = jest.fn();
    page(<Part title="Add Prospect" onDismiss={onDismiss} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PART_FAILED_TEXT);
    expect(screen.getByRole('heading', { name: 'Prospects' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('a panel closed through onClose is closed by Close too', async () => {
    const Part = lazyPart<{ Dialog: typeof Dialog }, 'Dialog'>(() => Promise.reject(new TypeError('offline')), 'Dialog');
    const onClose = jest.fn();
    page(<Part title="Notifications" onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a part that cannot be closed offers Reload alone', async () => {
    const Part = lazyPart<{ Dialog: typeof Dialog }, 'Dialog'>(() => Promise.reject(new TypeError('offline')), 'Dialog');
    page(<Part title="Goals" />);
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('a crash of code that did arrive still reaches the page, which reports it', async () => {
    const Part = lazyPart(async () => ({ Crashing }), 'Crashing');
    page(<Part />);
    expect(await screen.findByText('Page crashed: bug in the part')).toBeInTheDocument();
    expect(screen.queryByText(PART_FAILED_TEXT)).not.toBeInTheDocument();
  });

  it('preloading a part whose code cannot be fetched throws nothing, and loads once', async () => {
    const load = jest.fn(() => Promise.reject(new TypeError('offline')));
    const Part = lazyPart<{ Dialog: typeof Dialog }, 'Dialog'>(load, 'Dialog');
    expect(() => Part.preload()).not.toThrow();
    Part.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
