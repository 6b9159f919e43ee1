import { loadOnce } from '../load-once';

test('fetches once for every caller, and again after a failure', async () => {
  const load = jest.fn<Promise<string>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('rules');
  const rules = loadOnce(load);
  await expect(rules()).rejects.toThrow('offline');
  const [first, second] = [rules(), rules()];
  expect(first).toBe(second);
  await expect(first).resolves.toBe('rules');
  await expect(rules()).resolves.toBe('rules');
  expect(load).toHaveBeenCalledTimes(2);
});
