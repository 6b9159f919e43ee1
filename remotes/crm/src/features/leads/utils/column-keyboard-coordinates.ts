import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/** Where a card lands inside a column it is moved to with the keys: below the column's header. */
const INSET = { x: 8, y: 48 };

/**
 * Left and right arrows take a picked-up card to the previous or next column (the board's
 * droppables, in the order they stand on screen); other keys do nothing, so a card never ends
 * between columns.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  const { over, collisionRect, droppableRects, droppableContainers } = context;
  const columns = droppableContainers
    .getEnabled()
    .map((container) => ({ id: container.id, rect: droppableRects.get(container.id) }))
    .filter((column): column is { id: typeof column.id; rect: NonNullable<typeof column.rect> } => Boolean(column.rect))
    .sort((a, b) => a.rect.left - b.rect.left);
  const centre = collisionRect ? collisionRect.left + collisionRect.width / 2 : Number.NaN;
  const current = over
    ? columns.findIndex((column) => column.id === over.id)
    : columns.findIndex((column) => column.rect.left <= centre && centre <= column.rect.right);
  const target = columns[current + step];
  if (current < 0 || !target) return undefined;
  event.preventDefault();
  return { x: target.rect.left + INSET.x, y: target.rect.top + INSET.y };
};
