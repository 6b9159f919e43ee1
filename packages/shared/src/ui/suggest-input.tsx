import { useCombobox } from 'downshift';
import type { InputHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
// Relative, not '@app/shared' (see combobox.tsx): bundled into each app that imports it.
import { StyledInput } from './field';
import { StyledEmpty, StyledItem, StyledMenu, useOptionListPlacement } from './option-list';

const StyledControl = styled.div`
  position: relative;
`;

export interface SuggestInputProps<T> {
  /** The text as typed: it stays the field's value whether or not a suggestion is picked. */
  value: string;
  onChange: (text: string) => void;
  suggestions: readonly T[];
  /** A suggestion chosen (click, or arrows and Enter); the field's owner decides what it fills in. */
  onPick: (item: T) => void;
  getKey: (item: T) => string;
  /** What a screen reader announces for the suggestion. */
  getName: (item: T) => string;
  renderItem?: (item: T) => ReactNode;
  /** Shown in the open list when there is no suggestion (loading, nothing matches, nothing to offer). */
  emptyText?: string;
  /** Told when the field gains or loses focus, so suggestions are fetched only while it is in use. */
  onActiveChange?: (active: boolean) => void;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onFocus' | 'onBlur'>;
}

/**
 * A text field that offers suggestions as it is typed in (a combobox with a list, WAI-ARIA's
 * "list autocomplete"): the text stays free, and picking a suggestion hands it to `onPick`.
 * Downshift keeps the keyboard and screen-reader behaviour; the look is every picker's.
 */
export function SuggestInput<T>({
  value,
  onChange,
  suggestions,
  onPick,
  getKey,
  getName,
  renderItem,
  emptyText,
  onActiveChange,
  inputProps,
}: SuggestInputProps<T>) {
  const { isOpen, getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<T>({
    items: [...suggestions],
    inputValue: value,
    // Nothing stays chosen: the field holds text, and the same suggestion may be picked again.
    selectedItem: null,
    itemToString: (item) => (item ? getName(item) : ''),
    itemToKey: (item) => (item ? getKey(item) : null),
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) onChange(inputValue ?? '');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onPick(selectedItem);
    },
  });
  const { controlRef, menuRef, menuStyle } = useOptionListPlacement(isOpen);
  const showEmpty = isOpen && suggestions.length === 0 && Boolean(emptyText);

  return (
    <StyledControl ref={controlRef}>
      <StyledInput
        {...getInputProps({
          ...inputProps,
          onFocus: () => onActiveChange?.(true),
          onBlur: () => onActiveChange?.(false),
        })}
      />
      <StyledMenu {...getMenuProps({ ref: menuRef, style: menuStyle })} $open={isOpen && (suggestions.length > 0 || showEmpty)}>
        {showEmpty && <StyledEmpty>{emptyText}</StyledEmpty>}
        {isOpen &&
          suggestions.map((item, index) => (
            <StyledItem key={getKey(item)} {...getItemProps({ item, index })} $active={highlightedIndex === index} $selected={false}>
              {renderItem ? renderItem(item) : getName(item)}
            </StyledItem>
          ))}
      </StyledMenu>
    </StyledControl>
  );
}
