import { Suspense, useState } from 'react';
import { toast, useSession, errorMessage, lazyPart, Menu, type MenuItem } from '@app/shared';
import type { SavedView, SavedViewTarget } from '@app/shared/forms';
import { useDeleteView } from '../api/delete-view';
import { useSavedViews } from '../api/get-views';

// The dialogs load when first opened: the lists show without them (and without zod).
const SaveViewDialog = lazyPart(() => import('./save-view-dialog'), 'SaveViewDialog');
const ConfirmDialog = lazyPart(() => import('@app/shared/staff'), 'ConfirmDialog');

export interface ViewsMenuProps {
  tenantId: string;
  target: SavedViewTarget;
  /** The view's parameters as the address has them now: what "Save current view" keeps. */
  query: Readonly<Record<string, string>>;
  /** Shows a saved view: its parameters become the address's. */
  onApply: (query: Readonly<Record<string, string>>) => void;
}

/** The label of a view in the menu: a colleague's shared view says whose it is. */
export function viewLabel(view: SavedView, userId: string | undefined): string {
  if (view.user_id !== userId) return `${view.name} (shared by ${view.user_name})`;
  return view.shared ? `${view.name} (shared)` : view.name;
}

type Open = { kind: 'save' } | { kind: 'delete'; view: SavedView } | null;

/** Save the current view, pick a saved one (the caller's own and those their team shares), delete one's own. */
export function ViewsMenu({ tenantId, target, query, onApply }: ViewsMenuProps) {
  const { user } = useSession();
  const views = useSavedViews(tenantId, target).data ?? [];
  const remove = useDeleteView(tenantId);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  // Only the one who saved a view deletes it here (an admin clears others' through the API).
  const own = views.filter((view) => view.user_id === user?._id);

  const items: MenuItem[] = [
    { label: 'Save current view…', onSelect: () => setOpen({ kind: 'save' }) },
    ...views.map((view) => ({ label: viewLabel(view, user?._id), onSelect: () => onApply(view.query) })),
    ...own.map((view) => ({ label: `Delete "${view.name}"…`, destructive: true, onSelect: () => setOpen({ kind: 'delete', view }) })),
  ];

  const confirmDelete = (view: SavedView) =>
    remove.mutate(view.id, {
      onSuccess: () => toast({ title: 'View deleted', description: view.name, variant: 'success' }),
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to delete view'), variant: 'destructive' }),
      onSettled: close,
    });

  return (
    <>
      <Menu label="Views" trigger="Views ▾" items={items} asButton />
      <Suspense fallback={null}>
        {open?.kind === 'save' && <SaveViewDialog tenantId={tenantId} target={target} query={query} onDismiss={close} />}
        {open?.kind === 'delete' && (
          <ConfirmDialog
            isOpen
            title="Delete View"
            message={`Are you sure you want to delete the view "${open.view.name}"? Anyone it is shared with loses it too.`}
            busy={remove.isPending}
            onConfirm={() => confirmDelete(open.view)}
            onCancel={close}
          />
        )}
      </Suspense>
    </>
  );
}
