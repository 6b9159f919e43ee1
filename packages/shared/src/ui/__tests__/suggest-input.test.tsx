import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../../theme/theme';
import { SuggestInput } from '../suggest-input';

interface Item {
  id: string;
  name: string;
}

const ITEMS: Item[] = [
  { id: '1', name: 'Senior developer' },
  { id: '2', name: 'Discovery workshop' },
];

function Harness({ onPick }: { onPick: (item: Item) => void }) {
  const [text, setText] = useState('');
  const suggestions = ITEMS.filter((item) => item.name.toLowerCase().includes(text.toLowerCase()));
  return (
    <ThemeProvider theme={lightTheme}>
      <SuggestInput
        value={text}
        onChange={setText}
        suggestions={suggestions}
        onPick={(item) => {
          onPick(item);
          setText(`Picked ${item.name}`);
        }}
        getKey={(item) => item.id}
        getName={(item) => item.name}
        emptyText="Nothing matches: the text stays."
        inputProps={{ 'aria-label': 'Description' }}
      />
    </ThemeProvider>
  );
}

describe('SuggestInput', () => {
  it('keeps free text as typed, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const onPick = jest.fn();
    render(<Harness onPick={onPick} />);
    await user.type(screen.getByRole('combobox', { name: 'Description' }), 'Travel costs');
    expect(screen.getByRole('combobox', { name: 'Description' })).toHaveValue('Travel costs');
    expect(screen.getByText('Nothing matches: the text stays.')).toBeVisible();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('offers the suggestions as it is typed; arrows and Enter pick one, as a click does, and the same one may be picked again', async () => {
    const user = userEvent.setup();
    const onPick = jest.fn();
    render(<Harness onPick={onPick} />);
    const field = screen.getByRole('combobox', { name: 'Description' });
    await user.type(field, 'work');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Discovery workshop']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(ITEMS[1]);
    expect(field).toHaveValue('Picked Discovery workshop');
    await user.clear(field);
    await user.type(field, 'work');
    await user.click(screen.getByRole('option', { name: 'Discovery workshop' }));
    expect(onPick).toHaveBeenCalledTimes(2);
  });
});
