import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useForm } from './use-form';

const EMPTY = { name: '', email: '', seats: 1 };

describe('a form as typed', () => {
  it('binds a text box by its name: its value, its change and its sentence', () => {
    const { result } = renderHook(() => useForm(EMPTY));
    act(() => result.current.setErrors({ email: 'Please enter a valid email address.' }));
    const box = result.current.text('email');
    expect(box).toMatchObject({ name: 'email', value: '', error: 'Please enter a valid email address.' });
    act(() => box.onValueChange('jo@example.com'));
    expect(result.current.form).toEqual({ name: '', email: 'jo@example.com', seats: 1 });
  });

  it('drops a field’s sentence as it is changed, and only that one', () => {
    const { result } = renderHook(() => useForm(EMPTY));
    act(() => result.current.setErrors({ name: 'Required.', seats: 'Too many.' }));
    act(() => result.current.setField('seats', 2));
    expect(result.current.errors).toEqual({ name: 'Required.' });
  });

  it('keeps the sentences until the next answer when asked to', () => {
    const { result } = renderHook(() => useForm(EMPTY, { keepErrors: true }));
    act(() => result.current.setErrors({ name: 'Required.' }));
    act(() => result.current.text('name').onValueChange('Jo'));
    expect(result.current.form.name).toBe('Jo');
    expect(result.current.errors).toEqual({ name: 'Required.' });
  });
});
