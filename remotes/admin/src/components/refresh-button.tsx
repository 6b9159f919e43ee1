import { Button, Spinner } from '@app/shared';

export function RefreshButton({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  return (
    <Button $variant="secondary" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
      {refreshing ? <Spinner aria-hidden="true" /> : <span aria-hidden="true">↻</span>}
      Refresh
    </Button>
  );
}
