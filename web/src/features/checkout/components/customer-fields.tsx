import type { Ref } from 'react';
import { TextField } from '@/components/ui/field';
import { checkoutFields, type CheckoutForm } from '@/lib/core';
import type { CheckoutField } from '../hooks/use-checkout';

export interface CustomerFieldsProps {
  form: CheckoutForm;
  errors: Partial<Record<CheckoutField, string>>;
  onChange: (field: CheckoutField, value: string) => void;
  /** Each box, by field, so the page can focus the first one at fault. */
  fieldRef: (field: CheckoutField) => Ref<HTMLInputElement>;
}

/** The customer form of spec §3: who it is for, where it goes, and how to reach them. */
export function CustomerFields({ form, errors, onChange, fieldRef }: CustomerFieldsProps) {
  // Each box's words and limit come from the core, which checks the same fields on the server.
  const common = (field: CheckoutField) => {
    const known = checkoutFields().find((each) => each.name === field);
    return {
      name: field,
      label: known?.label,
      maxLength: known?.maxLength,
      ref: fieldRef(field),
      value: form[field],
      onValueChange: (value: string) => onChange(field, value),
      error: errors[field],
      required: true,
      'aria-required': true,
    };
  };

  return (
    <>
      <fieldset className="checkout-section">
        <legend className="checkout-section__title">
          <span className="checkout-section__step" aria-hidden="true">
            1
          </span>
          Your details
        </legend>
        <div className="checkout-grid">
          <TextField
            {...common('email')}
            className="checkout-grid__wide"
            type="email"
            autoComplete="email"
            spellCheck={false}
            hint="We’ll send your order confirmation here."
          />
          <TextField {...common('firstName')} autoComplete="given-name" />
          <TextField {...common('lastName')} autoComplete="family-name" />
          <TextField
            {...common('phone')}
            className="checkout-grid__wide"
            type="tel"
            autoComplete="tel"
            hint="Only if we need to ask about your delivery."
          />
        </div>
      </fieldset>

      <fieldset className="checkout-section">
        <legend className="checkout-section__title">
          <span className="checkout-section__step" aria-hidden="true">
            2
          </span>
          Delivery address
        </legend>
        <div className="checkout-grid">
          <TextField {...common('address')} className="checkout-grid__wide" autoComplete="street-address" />
          <TextField {...common('city')} autoComplete="address-level2" />
          <TextField
            {...common('postcode')}
            autoComplete="postal-code"
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
      </fieldset>
    </>
  );
}
