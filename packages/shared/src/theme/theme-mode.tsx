import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { darkTheme, lightTheme } from './theme';

export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

interface ThemeModeValue {
  mode: ThemeMode;
  toggle: () => void;
  setMode: (mode: ThemeMode) => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/** A stored choice wins; a first visit follows the system preference. */
export function initialThemeMode(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    /* storage can be blocked; fall through to the system preference */
  }
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(initialThemeMode);

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      /* the choice then lasts for this page only */
    }
  }, []);

  // Before the switch paints: the page's color-scheme (form controls, scrollbars) and the background
  // the boot script in shell/index.html put inline on <html> change with it, or they stay the old theme's
  // until a reload, as inline styles outrank the global style.
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.dataset.theme = mode;
    html.style.colorScheme = mode;
    html.style.background = (mode === 'dark' ? darkTheme : lightTheme).colors.bg;
  }, [mode]);

  const value = useMemo(() => ({ mode, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }), [mode, setMode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={mode === 'dark' ? darkTheme : lightTheme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}
