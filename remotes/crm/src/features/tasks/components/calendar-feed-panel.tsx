import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, errorMessage, MutedText, TextField, toast } from '@app/shared';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useDeleteCalendarFeed } from '../api/delete-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';

const StyledPanel = styled(Card)`
  padding: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(6)};
  h2 { font-size: 1.1rem; margin: 0 0 ${({ theme }) => theme.space(2)}; }
  > div { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; margin-top: ${({ theme }) => theme.space(3)}; }
`;

/**
 * The user's calendar feed: its address is shown once, when made (only its hash is kept), so
 * making a new one is the way to see it again; the old address stops working.
 */
export function CalendarFeedPanel({ tenantId }: { tenantId: string }) {
  const feed = useCalendarFeed(tenantId);
  const create = useCreateCalendarFeed(tenantId);
  const remove = useDeleteCalendarFeed(tenantId);
  const [address, setAddress] = useState<string | null>(null);
  const fail = (failure: unknown) => toast({ title: 'Error', description: errorMessage(failure, 'Please try again.'), variant: 'destructive' });
  const make = () => create.mutate(undefined, { onSuccess: (made) => setAddress(`${window.location.origin}${made.path}`), onError: fail });
  const turnOff = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setAddress(null);
        toast({ title: 'Calendar feed turned off', variant: 'success' });
      },
      onError: fail,
    });
  const active = feed.data?.active ?? false;
  return (
    <StyledPanel as="section" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">Calendar feed</h2>
      <MutedText>Your open tasks with a time, in any calendar app. Keep the address private: anyone with it sees your tasks.</MutedText>
      {address && <TextField label="Feed address (shown only now)" value={address} readOnly onFocus={(event) => event.currentTarget.select()} />}
      {!address && active && <MutedText>The feed is on. Its address was shown when it was made; make a new one to see it again.</MutedText>}
      <div>
        <Button type="button" disabled={create.isPending} onClick={make}>
          {active ? 'Make a new address' : 'Turn on calendar feed'}
        </Button>
        {address && (
          <Button
            type="button"
            $variant="secondary"
            onClick={() => void navigator.clipboard?.writeText(address).then(() => toast({ title: 'Address copied', variant: 'success' }))}
          >
            Copy address
          </Button>
        )}
        {active && (
          <Button type="button" $variant="secondary" disabled={remove.isPending} onClick={turnOff}>
            Turn off
          </Button>
        )}
      </div>
    </StyledPanel>
  );
}
