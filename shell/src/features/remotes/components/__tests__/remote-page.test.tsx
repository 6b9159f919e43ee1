import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RemotePageModule } from '@app/shared';
import { renderWithShell } from '../../../../test/render';
import { fallBackAfterRenderFailure, loadRemotePage, newerVersionOf } from '../../api/remote-loader';
import { RemotePage } from '../remote-page';

jest.mock('../../api/remote-loader', () => ({ loadRemotePage: jest.fn(), fallBackAfterRenderFailure: jest.fn(), newerVersionOf: jest.fn() }));
const loadRemotePageMock = jest.mocked(loadRemotePage);
const fallBackMock = jest.mocked(fallBackAfterRenderFailure);
const newerVersionMock = jest.mocked(newerVersionOf);

/** Stands for the layout around the remote: it must keep working whatever the remote does. */
function Header() {
  const [clicks, setClicks] = useState(0);
  return <button onClick={() => setClicks((n) => n + 1)}>Header clicked {clicks}</button>;
}

function renderRemote() {
  return renderWithShell(
    <>
      <Header />
      <RemotePage remote="marketing" module="home" />
    </>,
  );
}

describe('a remote page', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    loadRemotePageMock.mockReset();
    fallBackMock.mockReset().mockReturnValue(false);
    newerVersionMock.mockReset().mockResolvedValue(null);
    // React and the boundary log the crash; the test checks what the user sees instead.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('that throws while rendering shows Retry inside the layout, and Retry renders it again', async () => {
    let crash = true;
    function Home() {
      if (crash) throw new Error('Cannot read properties of undefined (reading "hero")');
      return <h1>Software and IT services that move your business forward</h1>;
    }
    loadRemotePageMock.mockResolvedValue({ default: Home } as RemotePageModule);
    renderRemote();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This section could not be loaded');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Header clicked 0' }));
    expect(screen.getByRole('button', { name: 'Header clicked 1' })).toBeInTheDocument();

    crash = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Software and IT services that move your business forward' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Header clicked 1' })).toBeInTheDocument();
  });

  it('that fails to load (a missing remote or a refused shared version) shows Retry, which loads it again', async () => {
    loadRemotePageMock.mockRejectedValueOnce(new Error('[ Federation Runtime ]: react@19.0.0 does not satisfy ^18.3.1'));
    loadRemotePageMock.mockResolvedValueOnce({ default: () => <h1>About Orbitra Group</h1> } as RemotePageModule);
    renderRemote();

    expect(await screen.findByRole('alert')).toHaveTextContent('This section could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Header clicked 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About Orbitra Group' })).toBeInTheDocument();
    expect(loadRemotePageMock).toHaveBeenCalledTimes(2);
    expect(loadRemotePageMock).toHaveBeenLastCalledWith('marketing', 'home');
  });

  it('that throws while rendering is shown from the fallback version when there is one', async () => {
    function Broken(): never {
      throw new Error('hero is undefined');
    }
    let fellBack = false;
    fallBackMock.mockImplementation(() => (fellBack = true));
    loadRemotePageMock.mockImplementation(async () => ({ default: fellBack ? () => <h1>From the version live before</h1> : Broken }) as RemotePageModule);
    renderRemote();
    expect(await screen.findByRole('heading', { level: 1, name: 'From the version live before' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Once, with the crashed page: the page is not rendered again before its fallback's replaces it.
    expect(fallBackMock.mock.calls).toEqual([
      ['marketing', expect.objectContaining({ default: Broken }), expect.objectContaining({ message: 'hero is undefined' })],
    ]);
  });

  it('entered from another area with a newer version out, offers Reload without reloading', async () => {
    loadRemotePageMock.mockResolvedValue({ default: () => <h1>Home</h1> } as RemotePageModule);
    newerVersionMock.mockResolvedValue('2.0.0');
    const crm = renderWithShell(<RemotePage remote="crm" module="crm" />);
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    crm.unmount();
    // Coming to marketing from the crm area: the check runs.
    renderRemote();
    expect(await screen.findByText('A newer version of this section is available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(newerVersionMock).toHaveBeenCalledWith('marketing');
  });
});
