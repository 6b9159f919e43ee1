export interface AppTheme {
  mode: 'light' | 'dark';
  colors: {
    bg: string;
    surface: string;
    surfaceAlt: string;
    text: string;
    textMuted: string;
    border: string;
    primary: string;
    primaryHover: string;
    onPrimary: string;
    accent: string;
    danger: string;
    onDanger: string;
    success: string;
    warning: string;
    info: string;
    focus: string;
    overlay: string;
    skeleton: string;
    badgeNeutral: string;
    dangerSoft: string;
    successSoft: string;
    warningSoft: string;
    infoSoft: string;
  };
  fonts: { body: string; mono: string };
  radii: { sm: string; md: string; lg: string; pill: string };
  shadows: { card: string; popover: string };
  space: (n: number) => string;
  breakpoints: { md: string };
  layout: { headerHeight: string; sidebarWidth: string };
}

const shared = {
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  radii: { sm: '4px', md: '8px', lg: '14px', pill: '999px' },
  space: (n: number) => `${n * 0.25}rem`,
  breakpoints: { md: '768px' },
  // 44 spacing units of 0.25rem: the sidebar's width.
  layout: { headerHeight: '4rem', sidebarWidth: '11rem' },
};

export const lightTheme: AppTheme = {
  ...shared,
  mode: 'light',
  colors: {
    bg: '#f7f8fb',
    surface: '#ffffff',
    surfaceAlt: '#eef1f6',
    text: '#111827',
    textMuted: '#4b5563',
    border: '#d5dae3',
    primary: '#1d4ed8',
    primaryHover: '#1e40af',
    onPrimary: '#ffffff',
    accent: '#0f766e',
    danger: '#b91c1c',
    onDanger: '#ffffff',
    success: '#15803d',
    warning: '#a16207',
    info: '#1d4ed8',
    focus: '#2563eb',
    overlay: 'rgba(15, 23, 42, 0.55)',
    skeleton: '#e2e6ee',
    badgeNeutral: '#e5e7eb',
    dangerSoft: '#fee2e2',
    successSoft: '#dcfce7',
    warningSoft: '#fef3c7',
    infoSoft: '#dbeafe',
  },
  shadows: { card: '0 1px 3px rgba(15, 23, 42, 0.08)', popover: '0 10px 30px rgba(15, 23, 42, 0.18)' },
};

export const darkTheme: AppTheme = {
  ...shared,
  mode: 'dark',
  colors: {
    bg: '#0b1120',
    surface: '#111a2e',
    surfaceAlt: '#1a2540',
    text: '#f1f5f9',
    textMuted: '#b6c2d4',
    border: '#2c3a57',
    primary: '#60a5fa',
    primaryHover: '#93c5fd',
    onPrimary: '#0b1120',
    accent: '#5eead4',
    danger: '#f87171',
    onDanger: '#0b1120',
    success: '#4ade80',
    warning: '#facc15',
    info: '#60a5fa',
    focus: '#93c5fd',
    overlay: 'rgba(2, 6, 23, 0.7)',
    skeleton: '#22304d',
    badgeNeutral: '#2c3a57',
    dangerSoft: '#3f1d24',
    successSoft: '#14331f',
    warningSoft: '#3a2f0b',
    infoSoft: '#172b4d',
  },
  shadows: { card: '0 1px 3px rgba(0, 0, 0, 0.5)', popover: '0 10px 30px rgba(0, 0, 0, 0.6)' },
};
