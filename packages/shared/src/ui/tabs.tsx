import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { scrollEdges } from './scroll-edges';

// On a phone the tabs outrun the screen: the shadow at the cut edge says the row scrolls.
// The tabs' offsets are measured from the row.
const StyledTabList = styled.div`
  position: relative;
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  ${scrollEdges('bg')}
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  scrollbar-width: thin;
`;

const StyledTab = styled.button`
  flex: 0 0 auto;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border: 0;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
  &:hover { color: ${({ theme }) => theme.colors.text}; }
`;

const StyledPanel = styled.div`
  padding-top: ${({ theme }) => theme.space(4)};
  &:focus-visible { outline-offset: 4px; }
`;

export interface TabItem<K extends string = string> {
  id: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the tab and panel ids, so two tab sets on a page never clash. */
  idPrefix: string;
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (id: K) => void;
}

export const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
export const tabPanelId = (idPrefix: string, id: string) => `${idPrefix}-panel-${id}`;

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function Tabs<K extends string>({ label, idPrefix, tabs, value, onChange }: TabsProps<K>) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const listRef = useRef<HTMLDivElement>(null);

  // A selected tab past the row's edge (a link to ?tab=tenants on a phone) is scrolled into the row, sideways only:
  // scrollIntoView would also move the page.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current[value];
    if (!list || !tab) return;
    const left = tab.offsetLeft;
    if (left < list.scrollLeft) list.scrollLeft = left;
    else if (left + tab.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = left + tab.offsetWidth - list.clientWidth;
  }, [value]);

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    onChange(tab.id);
    refs.current[tab.id]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.findIndex((tab) => tab.id === value);
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      select(moves[event.key]!);
    }
  };

  return (
    <StyledTabList ref={listRef} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.id === value;
        return (
          <StyledTab
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node;
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-selected={selected}
            // Only the selected panel is rendered, so only its tab points at one.
            aria-controls={selected ? tabPanelId(idPrefix, tab.id) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </StyledTab>
        );
      })}
    </StyledTabList>
  );
}

export function TabPanel({ idPrefix, id, children }: { idPrefix: string; id: string; children: ReactNode }) {
  return (
    <StyledPanel role="tabpanel" id={tabPanelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} tabIndex={0}>
      {children}
    </StyledPanel>
  );
}
