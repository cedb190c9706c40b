import type { ReactNode } from 'react';
import './checkout-step.css';

export interface CheckoutStepProps {
  /** Its number among the checkout's steps. */
  step: number;
  title: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** One numbered step of the checkout: a group of boxes under its number and title. */
export function CheckoutStep({ step, title, testId, children }: CheckoutStepProps) {
  return (
    <fieldset className="checkout-section" data-testid={testId}>
      <legend className="checkout-section__title">
        <span className="checkout-section__step" aria-hidden="true">
          {step}
        </span>
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
