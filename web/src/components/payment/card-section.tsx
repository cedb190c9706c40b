import { CheckoutStep } from '@/components/ui/checkout-step';
import { CardForm, type CardFormProps } from './card-form';

export interface CardSectionProps extends CardFormProps {
  /** Its number among the checkout's steps. */
  step: number;
}

/** The checkout's last step: the card form under its number. */
export function CardSection({ step, ...card }: CardSectionProps) {
  return (
    <CheckoutStep step={step} title="Payment">
      <CardForm {...card} />
    </CheckoutStep>
  );
}
