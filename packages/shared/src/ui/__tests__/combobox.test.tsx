import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../../theme/theme';
import { Combobox, filterByNameOrDescription } from '../combobox';

interface Option {
  id: string;
  name: string;
  description?: string;
}

const options: Option[] = [
  { id: '1', name: 'New', description: 'Never called' },
  { id: '2', name: 'Call Back', description: 'Asked to be called later' },
  { id: '3', name: 'Interested' },
];

describe('filterByNameOrDescription', () => {
  it('matches name or description, ignoring case', () => {
    const byName = (o: Option) => o.name;
    const byDescription = (o: Option) => o.description;
    expect(filterByNameOrDescription(options, 'CALL', byName, byDescription).map((o) => o.id)).toEqual(['1', '2']);
    expect(filterByNameOrDescription(options, 'inter', byName, byDescription).map((o) => o.id)).toEqual(['3']);
    expect(filterByNameOrDescription(options, '  ', byName, byDescription)).toHaveLength(3);
  });
});

function Harness({ initial = null }: { initial?: Option | null }) {
  const [selected, setSelected] = useState<Option | null>(initial);
  return (
    <ThemeProvider theme={lightTheme}>
      <Combobox
        label="Status"
        items={options}
        selectedItem={selected}
        onSelect={setSelected}
        getName={(o) => o.name}
        getDescription={(o) => o.description}
        getKey={(o) => o.id}
        emptyText={(query) => `No status found matching "${query}"`}
      />
      <output>{selected?.name ?? 'none'}</output>
    </ThemeProvider>
  );
}

describe('Combobox', () => {
  it('searches, shows the empty text with the query, and selects', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Status' });
    await user.type(input, 'zzz');
    expect(screen.getByText('No status found matching "zzz"')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'later');
    await user.click(screen.getByRole('option', { name: /Call Back/ }));
    expect(document.querySelector('output')).toHaveTextContent('Call Back');
  });

  it('clears the choice with the clear button and with Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness initial={options[0]} />);
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(document.querySelector('output')).toHaveTextContent('none');

    await user.click(screen.getByRole('button', { name: 'Open options' }));
    await user.click(screen.getByRole('option', { name: /Interested/ }));
    expect(document.querySelector('output')).toHaveTextContent('Interested');
    await user.type(screen.getByRole('combobox', { name: 'Status' }), '{Backspace}');
    expect(document.querySelector('output')).toHaveTextContent('none');
  });
});
