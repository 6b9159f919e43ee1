import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../../theme/theme';
import { TabPanel, Tabs } from '../tabs';

const tabs = [
  { id: 'prospects', label: 'Prospects' },
  { id: 'leads', label: 'Leads' },
  { id: 'goals', label: 'Goals' },
] as const;

function Harness() {
  const [value, setValue] = useState<(typeof tabs)[number]['id']>('prospects');
  return (
    <ThemeProvider theme={lightTheme}>
      <Tabs label="Sections" idPrefix="t" tabs={tabs} value={value} onChange={setValue} />
      <TabPanel idPrefix="t" id={value}>
        Panel of {value}
      </TabPanel>
    </ThemeProvider>
  );
}

describe('Tabs', () => {
  it('exposes tabs with the selected one labelling its panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    const selected = screen.getByRole('tab', { name: 'Prospects' });
    expect(selected).toHaveAttribute('aria-selected', 'true');
    expect(selected).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Prospects' })).toHaveTextContent('Panel of prospects');
  });

  it('moves and selects with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Prospects' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Leads' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Leads' })).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Goals' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Prospects' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Goals' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel', { name: 'Prospects' })).toBeInTheDocument();
  });
});
