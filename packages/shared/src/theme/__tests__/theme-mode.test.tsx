import { fireEvent, render, screen } from '@testing-library/react';
import { THEME_STORAGE_KEY, ThemeModeProvider, useThemeMode } from '../theme-mode';
import { darkTheme, lightTheme } from '../theme';

function Switch() {
  const { mode, toggle } = useThemeMode();
  return <button onClick={toggle}>{mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}</button>;
}

/** A colour as an inline style reads it back (rgb(…)). */
function asCss(color: string) {
  const probe = document.createElement('div');
  probe.style.background = color;
  return probe.style.background;
}

/** What the boot script in shell/index.html leaves on <html> before React starts, for a stored light theme. */
function bootLight() {
  window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
  const html = document.documentElement;
  html.dataset.theme = 'light';
  html.style.background = lightTheme.colors.bg;
  html.style.colorScheme = 'light';
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-theme');
});

it("switching the theme sets the page's color-scheme and background at once, over what the boot script put inline", () => {
  bootLight();
  render(
    <ThemeModeProvider>
      <Switch />
    </ThemeModeProvider>,
  );
  const html = document.documentElement;

  fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
  expect(html).toHaveAttribute('data-theme', 'dark');
  expect(html.style.getPropertyValue('color-scheme')).toBe('dark');
  expect(html.style.background).toBe(asCss(darkTheme.colors.bg));
  expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

  fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
  expect(html.style.getPropertyValue('color-scheme')).toBe('light');
  expect(html.style.background).toBe(asCss(lightTheme.colors.bg));
});
