import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stage } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { StageUpdateDialog, type StageEntity } from '../stage-update-dialog';

const stages = [
  stage(1, { name: 'Qualified', description: 'Budget confirmed' }),
  stage(2, { name: 'Proposal Sent' }),
  stage(3, { name: 'Won', kind: 'won' }),
  stage(4, { name: 'Lost', kind: 'lost' }),
];

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
    expect(onSubmit).toHaveBeenCalledWith(stages[0], 'Demo booked', '');
  });

  it('asks why a lead was lost only when the stage chosen is a lost one', async () => {
    const { user, onSubmit } = setup('Lead');
    const picker = screen.getByRole('combobox', { name: 'Pipeline stage' });
    await user.type(picker, 'lost');
    await user.click(screen.getByRole('option', { name: /Lost/ }));
    const reason = screen.getByRole('textbox', { name: 'Lost reason (optional)' });
    expect(reason).toHaveAttribute('data-max-characters', '500');
    await user.type(reason, ' Chose a cheaper offer ');
    await user.click(screen.getByRole('button', { name: 'Update Lead Stage' }));
    expect(onSubmit).toHaveBeenCalledWith(stages[3], '', 'Chose a cheaper offer');
  });

  it('asks no reason for a won stage', async () => {
    const { user, onSubmit } = setup('Lead');
    await user.type(screen.getByRole('combobox', { name: 'Pipeline stage' }), 'won');
    await user.click(screen.getByRole('option', { name: /Won/ }));
    expect(screen.queryByRole('textbox', { name: 'Lost reason (optional)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Lead Stage' }));
    expect(onSubmit).toHaveBeenCalledWith(stages[2], '', '');
  });

  it('never asks a prospect for a lost reason', async () => {
    const { user, onSubmit } = setup('Prospect');
    await user.type(screen.getByRole('combobox', { name: 'Pipeline stage' }), 'lost');
    await user.click(screen.getByRole('option', { name: /Lost/ }));
    expect(screen.queryByRole('textbox', { name: 'Lost reason (optional)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Prospect Stage' }));
    expect(onSubmit).toHaveBeenCalledWith(stages[3], '', '');
  });

  it('uses the prospect wording in its validation message', async () => {
    const { user } = setup('Prospect');
    await user.click(screen.getByRole('button', { name: 'Update Prospect Stage' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a pipeline stage to update the prospect.');
  });
});
