import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    'To move a lead to another stage, press space or enter to pick it up, use the left and right arrow keys to go from stage to stage, then press space or enter to drop it, or escape to cancel.',
};

interface Named {
  id: string | number;
  data: { current?: Record<string, unknown> };
}

const leadName = (item: Named) => (item.data.current?.lead as { name?: string } | undefined)?.name ?? 'Lead';
const stageName = (item: Named | null, names: ReadonlyMap<string, string>) => (item ? (names.get(String(item.id)) ?? 'an unknown stage') : null);

/** What a screen reader says while a card moves, in the stages' names. */
export function boardAnnouncements(stageNames: ReadonlyMap<string, string>, stageOfLead: (leadId: string) => string | undefined): Announcements {
  const from = (active: Named) => stageNames.get(stageOfLead(String(active.id)) ?? '') ?? 'its stage';
  // A pick-up is at once over its own stage: saying so would cut the pick-up short, so the first 'over' of a drag is silent there.
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return `Picked up lead ${leadName(active)} in stage ${from(active)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!moved && over && String(over.id) === stageOfLead(String(active.id))) return undefined;
      moved = true;
      const stage = stageName(over, stageNames);
      return stage ? `Lead ${leadName(active)} is over stage ${stage}.` : `Lead ${leadName(active)} is no longer over a stage.`;
    },
    onDragEnd: ({ active, over }) => {
      const stage = stageName(over, stageNames);
      return stage ? `Lead ${leadName(active)} was dropped into stage ${stage}.` : `Lead ${leadName(active)} was dropped back in stage ${from(active)}.`;
    },
    onDragCancel: ({ active }) => `Moving lead ${leadName(active)} was cancelled. It stays in stage ${from(active)}.`,
  };
}
