import { Button, useThemeMode } from '@app/shared';

export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <Button $variant="ghost" $size="sm" onClick={toggle} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`}>
      <span aria-hidden="true">{mode === 'dark' ? '☀' : '☾'}</span>
    </Button>
  );
}
