import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { z } from 'zod';
import { useFormFields } from '../use-form-fields';

const contract = z.object({ name: z.string().trim().max(30), note: z.string().optional() });
const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe('useFormFields', () => {
  it("gives each bound field its contract's maxLength, and none where the contract sets none", () => {
    const { result } = renderHook(() => useFormFields({ name: '', note: '' }, { contract }));
    expect(result.current.field('name').maxLength).toBe(30);
    expect('maxLength' in result.current.field('note')).toBe(false);
  });

  it('is dirty once a value differs from the start, and clean again when it is put back', () => {
    const { result } = renderHook(() => useFormFields({ name: 'Acme', note: '' }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.field('name').onChange(typed('Acme Ltd')));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.field('name').onChange(typed('Acme')));
    expect(result.current.dirty).toBe(false);
  });
});
