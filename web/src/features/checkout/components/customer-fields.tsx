import type { Ref } from 'react';
import { TextField, type TextFieldProps } from '@/components/ui/field';
import { checkoutFields, type CheckoutForm } from '@/lib/core';
import type { CheckoutField } from '../hooks/use-checkout';
import { CheckoutStep } from '@/components/ui/checkout-step';

export interface CustomerFieldsProps {
  form: CheckoutForm;
  errors: Partial<Record<CheckoutField, string>>;
  onChange: (field: CheckoutField, value: string) => void;
  /** Each box, by field, so the page can focus the first one at fault. */
  fieldRef: (field: CheckoutField) => Ref<HTMLInputElement>;
}

/** How each box asks for its value and the step of the form it stands in; the core gives their order, words and limits. */
type Box = Pick<TextFieldProps, 'className' | 'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'hint'> & { step: 1 | 2 };

const boxes: Record<CheckoutField, Box> = {
  email: {
    step: 1,
    className: 'checkout-grid__wide',
    type: 'email',
    autoComplete: 'email',
    spellCheck: false,
    hint: 'We’ll send your order confirmation here.',
  },
  firstName: { step: 1, autoComplete: 'given-name' },
  lastName: { step: 1, autoComplete: 'family-name' },
  address: { step: 1, className: 'checkout-grid__wide', autoComplete: 'street-address', hint: 'Your own address, as your card knows it.' },
  city: { step: 1, autoComplete: 'address-level2' },
  postcode: { step: 1, autoComplete: 'postal-code', autoCapitalize: 'characters', spellCheck: false },
  phone: { step: 1, className: 'checkout-grid__wide', type: 'tel', autoComplete: 'tel', hint: 'Only if we need to ask about your order.' },
};

const parts = [{ step: 1, title: 'Your details' }] as const;

/** The customer form of the spec: who is paying, their address for the card, and how to reach them. */
export function CustomerFields({ form, errors, onChange, fieldRef }: CustomerFieldsProps) {
  return (
    <>
      {parts.map(({ step, title }) => (
        <CheckoutStep key={step} step={step} title={title}>
          <div className="checkout-grid">
            {checkoutFields()
              .filter((field) => boxes[field.name].step === step)
              .map(({ name, label, maxLength }) => {
                const { step: _step, ...box } = boxes[name];
                void _step;
                return (
                  <TextField
                    key={name}
                    {...box}
                    name={name}
                    label={label}
                    maxLength={maxLength}
                    ref={fieldRef(name)}
                    value={form[name]}
                    onValueChange={(value) => onChange(name, value)}
                    error={errors[name]}
                    required
                    aria-required
                  />
                );
              })}
          </div>
        </CheckoutStep>
      ))}
    </>
  );
}
