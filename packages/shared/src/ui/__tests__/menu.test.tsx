import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../../theme/theme';
import { Menu, MENU_TYPEAHEAD_RESET_MS, typeaheadMatch } from '../menu';

const labels = ['Update Status', 'Update Stage', 'View Details', 'Delete'];

function setup() {
  const chosen: string[] = [];
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <ThemeProvider theme={lightTheme}>
      <Menu label="Actions for Acme" items={labels.map((label) => ({ label, onSelect: () => chosen.push(label) }))} />
    </ThemeProvider>,
  );
  return { user, chosen };
}

afterEach(() => jest.useRealTimers());

describe('typeaheadMatch', () => {
  it('finds the next label starting with the typed text, cycling on a repeated letter', () => {
    expect(typeaheadMatch(labels, 'v', 0)).toBe(2);
    expect(typeaheadMatch(labels, 'u', 0)).toBe(1);
    expect(typeaheadMatch(labels, 'uu', 1)).toBe(0);
    expect(typeaheadMatch(labels, 'update st', 0)).toBe(0);
    expect(typeaheadMatch(labels, 'update sta', 0)).toBe(0);
    expect(typeaheadMatch(labels, 'update stag', 0)).toBe(1);
    expect(typeaheadMatch(labels, 'x', 0)).toBe(-1);
  });
});

describe('Menu', () => {
  it('opens from the keyboard, moves with arrows, Home and End, and closes with Escape', async () => {
    const { user } = setup();
    const trigger = screen.getByRole('button', { name: 'Actions for Acme' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu', { name: 'Actions for Acme' })).toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Update Status' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Update Stage' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Update Status' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Update Status' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('runs the chosen item with Enter and returns focus to the button', async () => {
    const { user, chosen } = setup();
    screen.getByRole('button', { name: 'Actions for Acme' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(chosen).toEqual(['View Details']);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Acme' })).toHaveFocus();
  });

  it('jumps by typed letters, and starts a new search after a pause', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Acme' }));
    await user.keyboard('d');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    act(() => jest.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS + 10));
    await user.keyboard('update stag');
    expect(screen.getByRole('menuitem', { name: 'Update Stage' })).toHaveFocus();
    act(() => jest.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS + 10));
    await user.keyboard('v');
    expect(screen.getByRole('menuitem', { name: 'View Details' })).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Actions for Acme' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
