import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stage } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { StageUpdateDialog, type StageEntity } from '../stage-update-dialog';

const stages = [stage(1, { name: 'Qualified', description: 'Budget confirmed' }), stage(2, { name: 'Proposal Sent' }), stage(3, { name: 'Won' })];

function setup(entity: StageEntity) {
  const onSubmit = jest.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <StageUpdateDialog entity={entity} subjectName="Acme Ltd" currentStageName="Qualified" stages={stages} onSubmit={onSubmit} onDismiss={jest.fn()} />,
  );
  return { onSubmit, user };
}

describe('StageUpdateDialog', () => {
  it('names the lead in its title and button and asks for a stage', async () => {
    const { user, onSubmit } = setup('Lead');
    expect(screen.getByRole('dialog', { name: 'Update Lead Pipeline Stage' })).toBeInTheDocument();
    expect(screen.getByText('Current stage: Qualified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Lead Stage' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a pipeline stage to update the lead.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('searches stages by name or description and submits the choice with trimmed notes', async () => {
    const { user, onSubmit } = setup('Prospect');
    const picker = screen.getByRole('combobox', { name: 'Pipeline stage' });
    await user.type(picker, 'zzz');
    expect(screen.getByText('No pipeline stage found matching "zzz"')).toBeInTheDocument();
    await user.clear(picker);
    await user.type(picker, 'budget');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: /Qualified/ }));
    await user.type(screen.getByRole('textbox', { name: 'Notes (optional)' }), '  Demo booked ');
    await user.click(screen.getByRole('button', { name: 'Update Prospect Stage' }));
    expect(onSubmit).toHaveBeenCalledWith(stages[0], 'Demo booked');
  });

  it('uses the prospect wording in its validation message', async () => {
    const { user } = setup('Prospect');
    await user.click(screen.getByRole('button', { name: 'Update Prospect Stage' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a pipeline stage to update the prospect.');
  });
});
