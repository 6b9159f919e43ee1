import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { iconButtonStyles } from './button';
import { popoverBounds, usePopoverPosition } from './popover';
import { truncateLine } from './text-wrap';

const StyledMenuRoot = styled.div`
  position: relative;
  display: inline-flex;
`;

const StyledTrigger = styled.button<{ $button?: boolean }>`
  ${iconButtonStyles}
  font-size: 1.25rem;
  line-height: 1;
  ${({ $button, theme }) =>
    $button &&
    `
    gap: ${theme.space(1)};
    padding: ${theme.space(2)} ${theme.space(4)};
    border-color: ${theme.colors.border};
    background: ${theme.colors.surface};
    font-size: 1rem;
    font-weight: 600;
  `}
`;

// Placed by usePopoverPosition; until it is measured it sits under the trigger's end, as it did before.
const StyledList = styled.ul`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space(1)});
  right: 0;
  z-index: 45;
  min-width: 11rem;
  width: max-content;
  ${popoverBounds('24rem')}
  margin: 0;
  padding: ${({ theme }) => theme.space(1)} 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.popover};
`;

const StyledItem = styled.button<{ $destructive?: boolean }>`
  display: block;
  width: 100%;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 0;
  background: transparent;
  text-align: left;
  cursor: pointer;
  ${truncateLine}
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.danger : theme.colors.text)};
  &:hover:not(:disabled), &:focus { background: ${({ theme }) => theme.colors.surfaceAlt}; outline: none; }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
`;

/** Typed letters gather into one search until this long a pause (350 ms). */
export const MENU_TYPEAHEAD_RESET_MS = 350;

export interface MenuItem {
  label: string;
  onSelect: () => void;
  destructive?: boolean;
  disabled?: boolean;
}

export interface MenuProps {
  /** Accessible name of the trigger, e.g. 'Actions for Acme Ltd'. */
  label: string;
  items: MenuItem[];
  /** Visible content of the trigger; a vertical ellipsis by default. */
  trigger?: ReactNode;
  /** The trigger looks like the toolbar's buttons (a named menu) rather than an icon. */
  asButton?: boolean;
}

/** Finds the next enabled item whose label starts with the typed text, after the current one. */
export function typeaheadMatch(labels: readonly string[], query: string, fromIndex: number): number {
  const needle = query.toLowerCase();
  if (!needle) return -1;
  // One repeated letter cycles through the items with that letter, as native menus do.
  const cycling = needle.length > 1 && [...needle].every((char) => char === needle[0]);
  const search = cycling ? needle[0]! : needle;
  const start = cycling || needle.length === 1 ? fromIndex + 1 : fromIndex;
  for (let offset = 0; offset < labels.length; offset += 1) {
    const index = (start + offset + labels.length) % labels.length;
    if (labels[index]!.toLowerCase().startsWith(search)) return index;
  }
  return -1;
}

/** A menu button (WAI-ARIA menu pattern): arrows, Home/End, Escape, Tab and type-ahead. */
export function Menu({ label, items, trigger, asButton }: MenuProps) {
  const menuId = useId();
  const triggerId = `${menuId}-trigger`;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const typed = useRef('');
  const typedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const spaceTyped = useRef(false);

  const placement = usePopoverPosition(open, triggerRef, listRef);

  const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((index) => index >= 0);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  const openAt = (index: number) => {
    setActiveIndex(index);
    setOpen(true);
  };

  useEffect(() => {
    if (open) itemRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  useEffect(() => () => clearTimeout(typedTimer.current), []);

  const move = (step: number) => {
    if (enabled.length === 0) return;
    const position = enabled.indexOf(activeIndex);
    const next = enabled[(position + step + enabled.length) % enabled.length]!;
    setActiveIndex(next);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(enabled[0] ?? 0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(enabled[enabled.length - 1] ?? 0);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        return;
      case 'Home':
        event.preventDefault();
        setActiveIndex(enabled[0] ?? 0);
        return;
      case 'End':
        event.preventDefault();
        setActiveIndex(enabled[enabled.length - 1] ?? 0);
        return;
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
      case 'Tab':
        close(false);
        return;
      default:
    }
    // A space inside a search ('update st') is part of it; on its own it activates the item.
    const searching = event.key === ' ' && typed.current !== '';
    if (searching) {
      event.preventDefault();
      spaceTyped.current = true;
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && (event.key !== ' ' || searching)) {
      typed.current += event.key;
      clearTimeout(typedTimer.current);
      typedTimer.current = setTimeout(() => {
        typed.current = '';
      }, MENU_TYPEAHEAD_RESET_MS);
      const labels = items.map((item) => (item.disabled ? '' : item.label));
      const match = typeaheadMatch(labels, typed.current, activeIndex);
      if (match >= 0) setActiveIndex(match);
    }
  };

  return (
    <StyledMenuRoot ref={rootRef}>
      <StyledTrigger
        ref={triggerRef}
        id={triggerId}
        type="button"
        $button={asButton}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(enabled[0] ?? 0))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger ?? <span aria-hidden="true">⋮</span>}
      </StyledTrigger>
      {open && (
        <StyledList
          ref={listRef}
          style={placement}
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          onKeyDown={onMenuKeyDown}
          onKeyUp={(event) => {
            // Buttons click on the space's keyup; a space typed into a search must not.
            if (event.key === ' ' && spaceTyped.current) {
              event.preventDefault();
              spaceTyped.current = false;
            }
          }}
        >
          {items.map((item, index) => (
            <li key={item.label} role="none">
              <StyledItem
                ref={(node) => {
                  itemRefs.current[index] = node;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === activeIndex ? 0 : -1}
                disabled={item.disabled}
                $destructive={item.destructive}
                // A long label is cut with an ellipsis: its whole text stays the item's name and shows on hover.
                title={item.label}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
              >
                {item.label}
              </StyledItem>
            </li>
          ))}
        </StyledList>
      )}
    </StyledMenuRoot>
  );
}
