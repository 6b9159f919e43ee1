import { currentToast, dismissToast, subscribeToasts, toast } from '../toast-store';

describe('toast store', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    dismissToast();
  });
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time: a new one replaces the old', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'More' });
    expect(currentToast()).toMatchObject({ title: 'Second', description: 'More', variant: 'default' });
  });

  it('closes after 5 seconds by default, or after its own duration', () => {
    toast({ title: 'Default' });
    jest.advanceTimersByTime(4999);
    expect(currentToast()?.title).toBe('Default');
    jest.advanceTimersByTime(1);
    expect(currentToast()).toBeNull();

    toast({ title: 'Short', duration: 4000 });
    jest.advanceTimersByTime(4000);
    expect(currentToast()).toBeNull();
  });

  it('tells subscribers, and an old timer never closes a newer toast', () => {
    const seen: Array<string | null> = [];
    const unsubscribe = subscribeToasts((item) => seen.push(item?.title ?? null));
    toast({ title: 'A', duration: 1000 });
    jest.advanceTimersByTime(500);
    toast({ title: 'B', duration: 5000 });
    jest.advanceTimersByTime(1000);
    expect(currentToast()?.title).toBe('B');
    unsubscribe();
    expect(seen).toEqual(['A', 'B']);
  });
});
