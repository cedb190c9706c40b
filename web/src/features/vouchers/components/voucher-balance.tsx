import { useRef, useState, type FormEvent } from 'react';
import { CODE_BOX, TextField } from '@/components/ui/field';
import { money } from '@/lib/core';
import { lookUpBalance, type VoucherBalance } from '../api/vouchers-api';
import './vouchers.css';

/**
 * A holder's look-up: the code in, what is left and until when out, or the server's sentence
 * (an unknown code, a voucher run out, too many tries from this address) by the box, the code
 * kept as typed.
 */
export function VoucherBalanceCheck() {
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<VoucherBalance | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const box = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setAnswer(null);
    setRefusal(null);
    try {
      const looked = await lookUpBalance(code.trim());
      if (looked.ok) setAnswer(looked.balance);
      else {
        setRefusal(looked.fields.code ?? looked.message);
        box.current?.focus();
      }
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="gift-balance">
      <form className="gift-balance__form panel" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          ref={box}
          {...CODE_BOX}
          label="Voucher code"
          hint="Three or four groups of four letters and numbers, like K7QM-2XHD-9PRT."
          value={code}
          onValueChange={(typed) => {
            setCode(typed);
            setRefusal(null);
          }}
          error={refusal}
        />
        <button type="submit" className="button" disabled={checking}>
          {checking ? 'Checking…' : 'Check the balance'}
        </button>
      </form>

      <div aria-live="polite">
        {answer && (
          <div className="gift-balance__answer" data-testid="voucher-balance">
            <p className="gift-balance__left">{money(answer.balance)} left</p>
            <p>{answer.sentence}</p>
          </div>
        )}
      </div>
    </div>
  );
}
