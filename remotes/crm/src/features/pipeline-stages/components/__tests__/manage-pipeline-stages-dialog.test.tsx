import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { type PipelineStage } from '@app/shared/forms';
import { mockFetch } from '../../../../test/fetch-mock';
import { stage, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ManagePipelineStagesDialog } from '../manage-pipeline-stages-dialog';

function setup(stages: PipelineStage[]) {
  const network = mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/crm/pipeline-stage-options') return { body: stages };
    if (method === 'DELETE') return { body: { message: 'Deleted' } };
    if (method === 'PUT') return { body: stages[0] };
    return undefined;
  });
  const user = userEvent.setup();
  renderWithProviders(<ManagePipelineStagesDialog tenantId={TENANT_ID} onDismiss={jest.fn()} />);
  return { ...network, user };
}

afterEach(() => dismissToast());

describe('ManagePipelineStagesDialog', () => {
  it('lists stages by sort order; the form opens in place of the add button and closes again', async () => {
    const { user } = setup([stage(2, { name: 'Proposal', sort_order: 4 }), stage(1, { name: 'Qualified', sort_order: 2, is_active: false })]);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual(['Qualified', 'Proposal']);
    expect(rows[0]).toHaveTextContent('Inactive');
    expect(rows[1]).toHaveTextContent('Order: 4');

    await user.click(screen.getByRole('button', { name: 'Add Stage' }));
    const form = screen.getByRole('form', { name: 'New pipeline stage' });
    expect(screen.queryByRole('button', { name: 'Add Stage' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New pipeline stage' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Stage' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Proposal' }));
    expect(screen.getByRole('form', { name: 'Edit Proposal' })).toBeInTheDocument();
  });

  it("edits a stage's kind and probability, refusing a probability over 100", async () => {
    const { user, calls } = setup([stage(1, { name: 'Negotiation', probability: 80 })]);
    await user.click(await screen.findByRole('button', { name: 'Edit Negotiation' }));
    const form = screen.getByRole('form', { name: 'Edit Negotiation' });
    expect(within(form).getByRole('spinbutton', { name: 'Probability (%)' })).toHaveValue(80);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'Lost (asks the reason)');
    await user.clear(within(form).getByRole('spinbutton', { name: 'Probability (%)' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Probability (%)' }), '150');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByText('Must be a whole number from 0 to 100.')).toBeInTheDocument();
    await user.clear(within(form).getByRole('spinbutton', { name: 'Probability (%)' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Probability (%)' }), '0');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ kind: 'lost', probability: 0 });
    // Many keystrokes: slower than the default five seconds on a busy machine.
  }, 20_000);

  it('deletes a stage after confirmation', async () => {
    const { user, calls } = setup([stage(1, { name: 'Qualified' })]);
    await user.click(await screen.findByRole('button', { name: 'Delete Qualified' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Pipeline Stage' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this pipeline stage option? This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Pipeline stage deleted')).toBeInTheDocument();
  });

  it('offers to create the first stage when there are none', async () => {
    const { user } = setup([]);
    expect(await screen.findByText('No Pipeline Stages')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create First Stage' }));
    expect(screen.getByRole('form', { name: 'New pipeline stage' })).toBeInTheDocument();
    expect(screen.queryByText('No Pipeline Stages')).not.toBeInTheDocument();
  });
});
