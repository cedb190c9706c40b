import { CardForm, type CardFormProps } from '@/components/payment/card-form';
import { CheckoutStep } from './checkout-step';

export interface CardSectionProps extends CardFormProps {
  /** Its number among the checkout's steps. */
  step: number;
}

/** The last step: the card, in the form of whichever provider the shop uses. */
export function CardSection({ step, ...card }: CardSectionProps) {
  return (
    <CheckoutStep step={step} title="Payment">
      <CardForm {...card} />
    </CheckoutStep>
  );
}
