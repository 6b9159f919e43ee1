import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemotePageModule } from '@app/shared';
import { renderWithShell } from '../../test/render';
import { loadRemotePage, newerVersionOf } from '../../features/remotes/api/remote-loader';
import { AppRoutes } from '../routes';

jest.mock('../../features/remotes/api/remote-loader', () => ({ loadRemotePage: jest.fn(), fallBackAfterRenderFailure: jest.fn(), newerVersionOf: jest.fn() }));
const loadRemotePageMock = jest.mocked(loadRemotePage);
const newerVersionMock = jest.mocked(newerVersionOf);

const NOTICE = 'A newer version of this section is available.';

beforeEach(() => {
  loadRemotePageMock.mockReset().mockImplementation(async (remote, module) => ({ default: () => <h1>{`${remote} ${module}`}</h1> }) as RemotePageModule);
  newerVersionMock.mockReset().mockResolvedValue('2.0.0');
});

test('a visitor who goes from a marketing page to the sign-in pages and back is offered the newer marketing version', async () => {
  renderWithShell(<AppRoutes />);
  expect(await screen.findByRole('heading', { level: 1, name: 'marketing home' })).toBeInTheDocument();
  // The tab's first page loaded with the versions just fetched: nothing to ask yet.
  expect(newerVersionMock).not.toHaveBeenCalled();

  // Within marketing's area the page keeps the version it loaded.
  await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  await userEvent.click(await screen.findByRole('link', { name: 'About' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'marketing about' })).toBeInTheDocument();
  expect(newerVersionMock).not.toHaveBeenCalled();

  // To the shell's own page (Login opens the platform choice), then back to the website.
  await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  await userEvent.click(await screen.findByRole('link', { name: 'Login' }));
  await userEvent.click(await screen.findByRole('link', { name: '← Back to the website' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'marketing home' })).toBeInTheDocument();
  expect(await screen.findByText(NOTICE)).toBeInTheDocument();
  expect(newerVersionMock).toHaveBeenCalledTimes(1);
  expect(newerVersionMock).toHaveBeenCalledWith('marketing');
});
