import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { FoldedText } from '../folded-text';

/** jsdom lays nothing out: a text's height is given here, as a browser would measure it (20 px a line, 6 lines shown). */
function laidOut(lines: number) {
  jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(lines * 20);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(Math.min(lines, 6) * 20);
}
afterEach(() => jest.restoreAllMocks());

test('a long text is folded after a few lines with Show more, and unfolds and folds again', async () => {
  laidOut(400);
  const user = userEvent.setup();
  const text = 'A long note. '.repeat(800);
  renderWithProviders(<FoldedText text={text} />);
  const more = screen.getByRole('button', { name: 'Show more' });
  expect(more).toHaveAttribute('aria-expanded', 'false');
  const body = document.getElementById(more.getAttribute('aria-controls')!)!;
  expect(body).toHaveTextContent(text.trim());
  expect(getComputedStyle(body).overflow).toBe('hidden');
  await user.click(more);
  expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  expect(getComputedStyle(body).overflow).not.toBe('hidden');
  await user.click(screen.getByRole('button', { name: 'Show less' }));
  expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
});

test('a short text shows whole, without a button', () => {
  laidOut(2);
  renderWithProviders(<FoldedText text={'Two lines\nof a note'} />);
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
