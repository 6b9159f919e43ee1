import { useCombobox } from 'downshift';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
// Relative, not '@app/shared': this part is bundled into each app that imports it, and there the package's
// own name would bring the app a private copy of the whole core instead of the shared one.
import { StyledInput } from './field';
import { StyledEmpty, StyledItem, StyledMenu, useOptionListPlacement } from './option-list';

const StyledWrapper = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  label { font-weight: 600; font-size: 0.9rem; }
`;

const StyledControl = styled.div`
  position: relative;
  display: flex;
  input { padding-right: 4.5rem; }
`;

// At least 24 px square (WCAG 2.5.8: target size), so a finger finds it; the clear button sits clear of the toggle.
const StyledIconButton = styled.button`
  position: absolute;
  top: 50%;
  transform: translateY(-50%);
  border: 0;
  background: transparent;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.textMuted};
  min-width: 1.75rem;
  min-height: 1.75rem;
  padding: 0;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  line-height: 1;
`;

export interface ComboboxProps<T> {
  label: ReactNode;
  items: readonly T[];
  selectedItem: T | null;
  onSelect: (item: T | null) => void;
  getName: (item: T) => string;
  getDescription?: (item: T) => string | null | undefined;
  getKey: (item: T) => string;
  placeholder?: string;
  /** Shown when the search matches nothing; a function receives the search text. */
  emptyText: string | ((query: string) => string);
  hideLabel?: boolean;
  disabled?: boolean;
  renderItem?: (item: T) => ReactNode;
}

/** Case-insensitive match on name or description, the rule of every picker. */
export function filterByNameOrDescription<T>(
  items: readonly T[],
  query: string,
  getName: (item: T) => string,
  getDescription?: (item: T) => string | null | undefined,
): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => getName(item).toLowerCase().includes(needle) || (getDescription?.(item) ?? '').toLowerCase().includes(needle));
}

export function Combobox<T>({
  label,
  items,
  selectedItem,
  onSelect,
  getName,
  getDescription,
  getKey,
  placeholder,
  emptyText,
  hideLabel,
  disabled,
  renderItem,
}: ComboboxProps<T>) {
  const [inputValue, setInputValue] = useState(selectedItem ? getName(selectedItem) : '');
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    setInputValue(selectedItem ? getName(selectedItem) : '');
    setSearching(false);
  }, [selectedItem, getName]);

  const visible = useMemo(
    () => (searching ? filterByNameOrDescription(items, inputValue, getName, getDescription) : [...items]),
    [items, inputValue, searching, getName, getDescription],
  );

  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps, highlightedIndex } = useCombobox<T>({
    items: visible,
    selectedItem,
    inputValue,
    itemToString: (item) => (item ? getName(item) : ''),
    itemToKey: (item) => (item ? getKey(item) : null),
    onInputValueChange: ({ inputValue: next, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) {
        setInputValue(next ?? '');
        setSearching(true);
      }
    },
    onSelectedItemChange: ({ selectedItem: next }) => onSelect(next ?? null),
    onIsOpenChange: ({ isOpen: open }) => {
      if (!open) {
        setSearching(false);
        setInputValue(selectedItem ? getName(selectedItem) : '');
      }
    },
  });

  const { controlRef, menuRef, menuStyle } = useOptionListPlacement(isOpen);

  const clear = () => {
    onSelect(null);
    setInputValue('');
  };

  return (
    <StyledWrapper>
      <label {...getLabelProps()} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <StyledControl ref={controlRef}>
        <StyledInput
          {...getInputProps({
            placeholder,
            disabled,
            onKeyDown: (event) => {
              // Backspace or Delete on a chosen value clears the choice instead of editing its text.
              if ((event.key === 'Backspace' || event.key === 'Delete') && selectedItem && !searching) {
                event.preventDefault();
                clear();
              }
            },
          })}
        />
        {selectedItem && !disabled && (
          <StyledIconButton type="button" aria-label="Clear selection" onClick={clear} style={{ right: '2.25rem' }}>
            ×
          </StyledIconButton>
        )}
        <StyledIconButton {...getToggleButtonProps({ disabled })} aria-label={isOpen ? 'Close options' : 'Open options'} style={{ right: '0.25rem' }}>
          ▾
        </StyledIconButton>
      </StyledControl>
      <StyledMenu {...getMenuProps({ ref: menuRef, style: menuStyle })} $open={isOpen}>
        {isOpen && visible.length === 0 && <StyledEmpty>{typeof emptyText === 'function' ? emptyText(searching ? inputValue : '') : emptyText}</StyledEmpty>}
        {isOpen &&
          visible.map((item, index) => (
            <StyledItem
              key={getKey(item)}
              {...getItemProps({ item, index })}
              $active={highlightedIndex === index}
              $selected={selectedItem ? getKey(selectedItem) === getKey(item) : false}
            >
              {renderItem ? (
                renderItem(item)
              ) : (
                <>
                  {getName(item)}
                  {getDescription?.(item) && <small>{getDescription(item)}</small>}
                </>
              )}
            </StyledItem>
          ))}
      </StyledMenu>
    </StyledWrapper>
  );
}
