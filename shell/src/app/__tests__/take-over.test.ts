import { appContainer } from '../take-over';

function page(root: string) {
  document.head.innerHTML = '<style data-prerendered>h1 { color: navy; }</style>';
  document.body.innerHTML = root;
}

afterEach(() => {
  jest.useRealTimers();
});

test('without a page painted ahead the app renders into #root', () => {
  page('<div id="root"></div>');
  const container = appContainer();
  expect(container).toBe(document.getElementById('root'));
  expect(container.hidden).toBe(false);
});

test('the painted page stays until the live one shows its heading, then the live one takes its place at once', async () => {
  page('<div id="root" data-prerendered inert aria-hidden="true"><h1>Painted</h1></div>');
  const painted = document.getElementById('root')!;
  const live = appContainer();
  expect(live).not.toBe(painted);
  expect(live.hidden).toBe(true);
  live.innerHTML = '<p role="status">Loading…</p>';
  await Promise.resolve();
  expect(painted.isConnected).toBe(true);
  live.innerHTML = '<main><h1>Live</h1></main>';
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(painted.isConnected).toBe(false);
  expect(document.getElementById('root')).toBe(live);
  expect(live.hidden).toBe(false);
  expect(document.querySelectorAll('h1')).toHaveLength(1);
  expect(document.querySelector('style[data-prerendered]')).toBeNull();
});

test('a live page that never shows a heading (a failed load) still replaces the painted one in time', () => {
  jest.useFakeTimers();
  page('<div id="root" data-prerendered><h1>Painted</h1></div>');
  const live = appContainer();
  live.innerHTML = '<div role="alert">This section could not be loaded</div>';
  jest.advanceTimersByTime(10_000);
  expect(document.getElementById('root')).toBe(live);
  expect(live.hidden).toBe(false);
  expect(document.body.textContent).not.toContain('Painted');
});
