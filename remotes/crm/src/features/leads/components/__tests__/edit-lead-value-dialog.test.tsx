import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@app/shared';
import { type Lead } from '@app/shared/forms';
import { mockFetch } from '../../../../test/fetch-mock';
import { lead, TENANT_ID } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { EditLeadValueDialog } from '../edit-lead-value-dialog';

afterEach(() => dismissToast());

/** The dialog over a lead, answering its PUT with the lead as the server would; the bodies sent are in `puts`. */
function open(target: Lead) {
  const { calls } = mockFetch(({ method, path, body }) => {
    if (method !== 'PUT' || path !== `/crm/leads/${target.id}`) return undefined;
    const { probability, ...rest } = body as { probability?: number | null };
    const own = probability === undefined ? target.own_probability : probability;
    return { body: { ...target, ...rest, own_probability: own, probability: own ?? target.stage_probability } };
  });
  const onDismiss = jest.fn();
  renderWithProviders(<EditLeadValueDialog tenantId={TENANT_ID} lead={target} onDismiss={onDismiss} />);
  const form = screen.getByRole('dialog', { name: 'Edit Value' });
  return {
    form,
    onDismiss,
    probability: () => within(form).getByRole('spinbutton', { name: 'Probability (%)' }),
    puts: () => calls.filter((call) => call.method === 'PUT').map((call) => call.body),
  };
}

// In a 40% stage, without a probability of its own.
const following = lead(1, { value: '1000.00', probability: 40, own_probability: null, stage_probability: 40 });
// A probability a user set (35) in the same stage.
const ownChance = lead(2, { value: '1000.00', probability: 35, own_probability: 35, stage_probability: 40 });

describe('EditLeadValueDialog', () => {
  it("shows the stage's probability as the placeholder, and a new value alone sends no probability", async () => {
    const user = userEvent.setup();
    const { form, probability, puts, onDismiss } = open(following);
    expect(probability()).toHaveValue(null);
    expect(probability()).toHaveAttribute('placeholder', '40');
    expect(within(form).getByText("The stage's: 40%")).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: "Use the stage's" })).toBeDisabled();

    await user.clear(within(form).getByRole('textbox', { name: 'Value (USD)' }));
    await user.type(within(form).getByRole('textbox', { name: 'Value (USD)' }), '2000');
    await user.click(within(form).getByRole('button', { name: 'Save Value' }));
    expect(await screen.findByText('Lead value updated')).toBeInTheDocument();
    // The stage's 40 is not written as the lead's own: moved on, the lead follows its new stage.
    expect(puts()).toEqual([{ value: '2000.00', expected_close_date: null }]);
    expect(onDismiss).toHaveBeenCalled();
  });

  it('sends a probability the user typed, and refuses one above 100', async () => {
    const user = userEvent.setup();
    const { form, probability, puts } = open(following);
    await user.type(probability(), '150');
    await user.click(within(form).getByRole('button', { name: 'Save Value' }));
    expect(within(form).getByText(/whole number from 0 to 100/i)).toBeInTheDocument();
    expect(puts()).toEqual([]);
    await user.clear(probability());
    await user.type(probability(), '65');
    await user.click(within(form).getByRole('button', { name: 'Save Value' }));
    expect(await screen.findByText('Lead value updated')).toBeInTheDocument();
    expect(puts()).toEqual([{ value: '1000.00', expected_close_date: null, probability: 65 }]);
  });

  it('shows a probability the user set, keeps it unless changed, and "Use the stage\'s" clears it', async () => {
    const user = userEvent.setup();
    const { form, probability, puts } = open(ownChance);
    expect(probability()).toHaveValue(35);
    expect(within(form).getByText("The stage's is 40%")).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: "Use the stage's" }));
    expect(probability()).toHaveValue(null);
    expect(within(form).getByRole('button', { name: "Use the stage's" })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Save Value' }));
    expect(await screen.findByText('Lead value updated')).toBeInTheDocument();
    expect(puts()).toEqual([{ value: '1000.00', expected_close_date: null, probability: null }]);
  });

  it('saving with the own probability untouched does not send it', async () => {
    const user = userEvent.setup();
    const { form, puts } = open(ownChance);
    await user.type(within(form).getByLabelText('Expected close date'), '2027-05-31');
    await user.click(within(form).getByRole('button', { name: 'Save Value' }));
    expect(await screen.findByText('Lead value updated')).toBeInTheDocument();
    expect(puts()).toEqual([{ value: '1000.00', expected_close_date: '2027-05-31' }]);
  });
});
