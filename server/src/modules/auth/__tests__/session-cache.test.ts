import type { SessionRecord } from '../repository';
import { SessionCache } from '../session-cache';

const record = (sessionId: string, userId: string) => ({ sessionId, user: { id: userId }, groupNames: [] }) as unknown as SessionRecord;

describe('SessionCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  test('a verified session is reused until its time is up, then loaded again', async () => {
    const cache = new SessionCache(5_000, clock);
    const load = jest.fn(async () => record('s1', 'u1'));
    await cache.resolve('s1', 'u1', load);
    now += 4_999;
    await cache.resolve('s1', 'u1', load);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    await cache.resolve('s1', 'u1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('concurrent misses share one lookup; a failed lookup is not cached', async () => {
    const cache = new SessionCache(5_000, clock);
    let finish!: (value: SessionRecord | undefined) => void;
    const load = jest.fn(() => new Promise<SessionRecord | undefined>((resolve) => (finish = resolve)));
    const all = Promise.all([cache.resolve('s1', 'u1', load), cache.resolve('s1', 'u1', load), cache.resolve('s1', 'u1', load)]);
    finish(undefined);
    expect(await all).toEqual([undefined, undefined, undefined]);
    expect(load).toHaveBeenCalledTimes(1);
    const again = jest.fn(async () => record('s1', 'u1'));
    expect(await cache.resolve('s1', 'u1', again)).toBeDefined();
    expect(again).toHaveBeenCalledTimes(1);
  });

  test('forgetting a session or a user drops it at once; another user id never matches', async () => {
    const cache = new SessionCache(5_000, clock);
    const load = jest.fn(async (sid: string, uid: string) => record(sid, uid));
    await cache.resolve('s1', 'u1', () => load('s1', 'u1'));
    await cache.resolve('s2', 'u1', () => load('s2', 'u1'));
    await cache.resolve('s3', 'u2', () => load('s3', 'u2'));
    expect(cache.get('s1', 'u2')).toBeUndefined();
    cache.forgetSession('s3');
    expect(cache.get('s3', 'u2')).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.get('s1', 'u1')).toBeUndefined();
    expect(cache.get('s2', 'u1')).toBeUndefined();
  });

  test('a ttl of 0 turns caching off', async () => {
    const cache = new SessionCache(0, clock);
    const load = jest.fn(async () => record('s1', 'u1'));
    await cache.resolve('s1', 'u1', load);
    await cache.resolve('s1', 'u1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
