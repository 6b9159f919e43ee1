import { causeChain } from '../error-causes';

describe('causeChain', () => {
  test('walks from the error through what it wraps, outermost first, and stops at what is no object', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: '23505' });
    const query = new Error('Failed query', { cause: driver });
    const ours = new Error('the import failed', { cause: query });
    expect([...causeChain(ours)]).toEqual([ours, query, driver]);
    expect([...causeChain(new Error('x', { cause: 'a string' }))]).toHaveLength(1);
    expect([...causeChain(undefined)]).toEqual([]);
  });

  test('a chain that loops back on itself ends after a few levels', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    Object.assign(a, { cause: b });
    expect([...causeChain(a)]).toHaveLength(5);
  });
});
