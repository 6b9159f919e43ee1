import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '../../theme/theme';
import { Button } from '../button';
import { TextField } from '../field';
import { Dialog, DISCARD_CHANGES_TITLE, useDialogDismiss } from '../dialog';
import { dismissToast, toast } from '../../toast/toast-store';
import { Toaster } from '../../toast/toaster';

function CancelButton() {
  const dismiss = useDialogDismiss();
  return (
    <Button $variant="secondary" onClick={dismiss}>
      Cancel
    </Button>
  );
}

/** A dialog whose save is refused by the "server", as the Save view dialog's duplicate name is. */
function NameDialog({ onDismiss }: { onDismiss: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setTimeout(() => {
      setSaving(false);
      setError('You already have a view with this name here.');
    }, 10);
  };
  return (
    <Dialog isOpen onDismiss={onDismiss} title="Save current view" dirty={name !== ''}>
      <form onSubmit={submit}>
        <TextField label="Name" value={name} error={error} onChange={(event) => setName(event.target.value)} />
        <CancelButton />
        <Button type="submit" disabled={saving}>
          Save View
        </Button>
      </form>
    </Dialog>
  );
}

function setup() {
  const onDismiss = jest.fn();
  const user = userEvent.setup();
  render(
    <ThemeProvider theme={lightTheme}>
      <NameDialog onDismiss={onDismiss} />
    </ThemeProvider>,
  );
  return { user, onDismiss };
}

describe('Dialog', () => {
  it('puts focus back on the field in error after a refused save, and Escape still closes', async () => {
    const { user, onDismiss } = setup();
    await user.click(screen.getByRole('button', { name: 'Save View' }));
    await screen.findByText('You already have a view with this name here.');
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    // The page itself, not the dialog, has the key when focus was lost: the dialog still closes.
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('asks before Escape or Cancel drops unsaved changes, and closes when told to discard', async () => {
    const { user, onDismiss } = setup();
    await user.type(screen.getByLabelText('Name'), 'My view');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: DISCARD_CHANGES_TITLE })).toBeInTheDocument();
    expect(onDismiss).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TITLE })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('My view');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('closes at once with Escape when nothing was changed', async () => {
    const { user, onDismiss } = setup();
    await user.keyboard('{Escape}');
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: DISCARD_CHANGES_TITLE })).not.toBeInTheDocument();
  });
});

describe('a toast while a dialog is open', () => {
  afterEach(() => dismissToast());

  it('is shown inside the dialog after its buttons, not over them, and back in the corner once the dialog closes', async () => {
    function Screen() {
      const [open, setOpen] = useState(true);
      return (
        <ThemeProvider theme={lightTheme}>
          <Dialog isOpen={open} onDismiss={() => setOpen(false)} title="Add New Prospect">
            <Button onClick={() => toast({ title: 'Error', description: 'Failed to add prospect', variant: 'destructive' })}>Add Prospect</Button>
            <Button onClick={() => setOpen(false)}>Close it</Button>
          </Dialog>
          <Toaster />
        </ThemeProvider>
      );
    }
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Add Prospect' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Prospect' });
    const card = screen.getByTestId('toast');
    expect(dialog).toContainElement(card);
    expect(screen.getByRole('region', { name: 'Notifications', hidden: true })).not.toContainElement(card);
    // In the dialog's flow, after its last button: nothing floats over them.
    expect(screen.getByRole('button', { name: 'Close it' }).compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications' })).toContainElement(screen.getByTestId('toast'));
  });
});
