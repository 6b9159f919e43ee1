import { Button } from './button';
import { Spinner } from './surface';

export function RefreshButton({ onRefresh, refreshing, label = 'Refresh' }: { onRefresh: () => void; refreshing: boolean; label?: string }) {
  return (
    <Button $variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
      {refreshing ? <Spinner aria-hidden="true" /> : <span aria-hidden="true">↻</span>}
      {label}
    </Button>
  );
}
