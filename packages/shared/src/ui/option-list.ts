import { useRef, type CSSProperties } from 'react';
import styled from 'styled-components';
import { usePopoverPosition } from './popover';
import { wrapAnywhere } from './text-wrap';

/* The list of options a field opens (a picker's choices, a text field's suggestions): one look for all of them. */

export const StyledMenu = styled.ul<{ $open: boolean }>`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: 60;
  margin: ${({ theme }) => theme.space(1)} 0 0;
  padding: ${({ theme }) => theme.space(1)} 0;
  list-style: none;
  max-height: 15rem;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  display: ${({ $open }) => ($open ? 'block' : 'none')};
`;

export const StyledItem = styled.li<{ $active: boolean; $selected: boolean }>`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceAlt : 'transparent')};
  font-weight: ${({ $selected }) => ($selected ? 700 : 400)};
  ${wrapAnywhere}
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const StyledEmpty = styled.li`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Where an open list goes: as wide as its field, below it, or above it when only above has the room.
 * Returns the refs for the field's box and the list, and the list's style.
 */
export function useOptionListPlacement(isOpen: boolean) {
  const controlRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const placement = usePopoverPosition(isOpen, controlRef, menuRef, { horizontal: false });
  const menuStyle: CSSProperties | undefined =
    placement.maxHeight === undefined ? undefined : { ...placement, maxHeight: `min(15rem, ${String(placement.maxHeight)}px)` };
  return { controlRef, menuRef, menuStyle };
}
