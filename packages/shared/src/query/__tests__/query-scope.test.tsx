import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { clearQueryCache } from '../query-cache';
import { QueryScope } from '../query-scope';

const clients: QueryClient[] = [];

function Greeting() {
  clients.push(useQueryClient());
  const { data } = useQuery({ queryKey: ['greeting'], queryFn: async () => 'Hello from the cache' });
  return <p>{data ?? 'Waiting'}</p>;
}

const scoped = () => (
  <Suspense fallback={<p>Loading the client</p>}>
    <QueryScope>
      <Greeting />
    </QueryScope>
  </Suspense>
);

beforeEach(() => {
  clients.length = 0;
});

test('two scopes share one client, and forgetting the cache empties it', async () => {
  const first = render(scoped());
  expect(await screen.findByText('Hello from the cache')).toBeInTheDocument();
  first.unmount();
  render(scoped());
  expect(await screen.findByText('Hello from the cache')).toBeInTheDocument();
  const [client] = clients;
  expect(clients.every((c) => c === client)).toBe(true);
  expect(client.getQueryData(['greeting'])).toBe('Hello from the cache');
  clearQueryCache();
  expect(client.getQueryData(['greeting'])).toBeUndefined();
});

test('inside a client of its own (a test, a standalone page) a scope keeps that client', async () => {
  const outer = new QueryClient();
  render(<QueryClientProvider client={outer}>{scoped()}</QueryClientProvider>);
  expect(await screen.findByText('Hello from the cache')).toBeInTheDocument();
  expect(clients.every((c) => c === outer)).toBe(true);
  expect(outer.getQueryData(['greeting'])).toBe('Hello from the cache');
});
