import { useCallback, useState } from 'react';

/** The fields whose value is text: the ones a TextField edits. */
export type TextKey<F> = { [K in keyof F]-?: F[K] extends string ? K : never }[keyof F] & string;

export interface FormOptions {
  /**
   * Keep a field's sentence while it is changed, until the next answer replaces them all (the
   * back office's voucher and offer forms). By default a field's sentence goes as it is changed.
   */
  keepErrors?: boolean;
}

/**
 * A form as typed, with the server's sentences by field name (what a refusal's `fields` carry):
 * `setField` changes one field, and `text(name)` is what a TextField takes to edit a text field
 * (its name, value, onValueChange and error), so every form binds its boxes the one way.
 */
export function useForm<F extends object, E extends string = string>(initial: F | (() => F), { keepErrors = false }: FormOptions = {}) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Partial<Record<E, string>>>({});

  const setField = useCallback(
    <K extends keyof F>(field: K, value: F[K]) => {
      setForm((current) => ({ ...current, [field]: value }));
      if (keepErrors) return;
      setErrors((current) => {
        if (!(field in current)) return current;
        const next = { ...current };
        delete next[field as unknown as E];
        return next;
      });
    },
    [keepErrors],
  );

  const text = <K extends TextKey<F>>(name: K) => ({
    name,
    value: form[name] as string,
    onValueChange: (value: string) => setField(name, value as F[K]),
    error: errors[name as unknown as E],
  });

  return { form, setForm, errors, setErrors, setField, text };
}
