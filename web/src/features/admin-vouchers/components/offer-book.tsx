import { useState, type FormEvent } from 'react';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { Field, TextField } from '@/components/ui/field';
import { api, refusedChange } from '@/lib/api-client';
import { formatDate } from '@/lib/core';
import { useForm } from '@/lib/use-form';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import { createOffer, endOffer, listOffers, updateOffer, type AdminOffer, type OfferForm, type Weekday } from '../api/vouchers-admin-api';
import { FormEnd } from './form-end';
import { VoucherTable } from './voucher-table';
import './vouchers-admin.css';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** What the form holds: everything as typed, so a refusal keeps it. */
interface Draft {
  code: string;
  kind: OfferForm['kind'];
  percent: string;
  amount: string;
  minimum_spend: string;
  valid_from: string;
  valid_until: string;
  weekdays: Weekday[];
  slots: string[];
  products: number[];
  shelves: number[];
  total_uses: string;
  once_per_email: boolean;
}

const EMPTY: Draft = {
  code: '',
  kind: 'percent_off',
  percent: '',
  amount: '',
  minimum_spend: '',
  valid_from: '',
  valid_until: '',
  weekdays: [],
  slots: [],
  products: [],
  shelves: [],
  total_uses: '',
  once_per_email: false,
};

function draftOf(offer: AdminOffer): Draft {
  return {
    code: offer.code,
    kind: offer.kind,
    percent: offer.percent != null ? String(offer.percent) : '',
    amount: offer.amount ?? '',
    minimum_spend: offer.minimum_spend ?? '',
    valid_from: offer.valid_from ?? '',
    valid_until: offer.valid_until ?? '',
    weekdays: [...offer.weekdays],
    slots: [...offer.slots],
    products: [...offer.products],
    shelves: [...offer.shelves],
    total_uses: offer.total_uses != null ? String(offer.total_uses) : '',
    once_per_email: offer.once_per_email,
  };
}

/** The body sent: blanks as nulls; numbers as typed go as numbers, and the server's sentence says when one is wrong. */
function bodyOf(draft: Draft): OfferForm {
  const blank = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    code: draft.code.trim(),
    kind: draft.kind,
    percent: draft.kind === 'percent_off' && blank(draft.percent) ? Number(draft.percent) : null,
    amount: draft.kind === 'amount_off' ? blank(draft.amount) : null,
    minimum_spend: blank(draft.minimum_spend),
    valid_from: blank(draft.valid_from),
    valid_until: blank(draft.valid_until),
    weekdays: draft.weekdays,
    slots: draft.slots,
    products: draft.products,
    shelves: draft.shelves,
    total_uses: blank(draft.total_uses) ? Number(draft.total_uses) : null,
    once_per_email: draft.once_per_email,
  };
}

/** What the form offers to pick from: the slots, the products and the shelves. */
async function choices(signal: AbortSignal) {
  const [delivery, products, shelves] = await Promise.all([
    api.GET('/api/delivery/', { signal }),
    api.GET('/api/products/', { signal }),
    api.GET('/api/admin/categories/', { signal }),
  ]);
  return {
    slots: delivery.data?.settings.slots.map((slot) => slot.name) ?? [],
    products: products.data?.map((product) => ({ id: product.id, name: product.name })) ?? [],
    shelves: shelves.data?.map((shelf) => ({ id: shelf.id, name: shelf.name })) ?? [],
  };
}

/** The offer codes: running and ended, each with its conditions in words; make, change or end one. */
export function OfferBook({ onSignedOut }: { onSignedOut: () => void }) {
  const { lost, onError } = useSignedOut(onSignedOut);
  const offers = useQuery('offers', listOffers, { onError });
  const options = useQuery('offer-choices', choices, { onError });
  // The offer being changed (null: a new one), or nothing open.
  const [editing, setEditing] = useState<AdminOffer | null | undefined>(undefined);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const saved = (offer: AdminOffer) => {
    offers.setData((current = []) => {
      const others = current.filter((row) => row.id !== offer.id);
      return [offer, ...others];
    });
    setEditing(undefined);
  };

  const end = async (offer: AdminOffer) => {
    setBusy(offer.id);
    setProblem(null);
    try {
      saved(await endOffer(offer.id, offer.version));
    } catch (cause) {
      const refused = refusedChange(cause, lost, 'That could not be done just now. Please try again.');
      if (refused) setProblem(refused.message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="offer-book">
      {editing === undefined ? (
        <p>
          <button type="button" className="button button--small" onClick={() => setEditing(null)}>
            Make an offer code
          </button>
        </p>
      ) : (
        <OfferEditor
          key={editing?.id ?? 'new'}
          offer={editing}
          options={options.status === 'loaded' ? options.data : null}
          onSaved={saved}
          onCancel={() => setEditing(undefined)}
          onSignedOut={lost}
        />
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}

      {offers.status === 'loading' && <AdminLoading>Fetching the offer codes…</AdminLoading>}
      {offers.status === 'error' && <AdminRetry onRetry={offers.retry}>We could not load the offer codes.</AdminRetry>}
      {offers.status === 'loaded' &&
        (offers.data.length === 0 ? (
          <p className="admin-quiet">No offer codes yet.</p>
        ) : (
          <VoucherTable columns={['Code', 'What it does', 'Used', 'Until', <span className="visually-hidden">Actions</span>]}>
            {offers.data.map((offer) => (
              <tr key={offer.id}>
                <th scope="row" className="voucher-table__code">
                  {offer.code}
                </th>
                <td>{offer.summary}</td>
                <td>
                  {offer.uses}
                  {offer.total_uses != null && ` of ${offer.total_uses}`}
                </td>
                <td>{offer.ended_at ? <span className="pill" data-state="ended">ended</span> : offer.valid_until ? formatDate(offer.valid_until, 'day') : '—'}</td>
                <td>
                  {!offer.ended_at && (
                    <div className="admin-actions">
                      <button type="button" className="button button--quiet button--small" onClick={() => setEditing(offer)}>
                        Change <span className="visually-hidden">offer code {offer.code}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--quiet button--small"
                        disabled={busy === offer.id}
                        onClick={() => void end(offer)}
                      >
                        End <span className="visually-hidden">offer code {offer.code}</span>
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </VoucherTable>
        ))}
    </div>
  );
}

interface OfferEditorProps {
  offer: AdminOffer | null;
  options: { slots: string[]; products: { id: number; name: string }[]; shelves: { id: number; name: string }[] } | null;
  onSaved: (offer: AdminOffer) => void;
  onCancel: () => void;
  onSignedOut: () => void;
}

function OfferEditor({ offer, options, onSaved, onCancel, onSignedOut }: OfferEditorProps) {
  const { form: draft, errors, setErrors, setField: set, text } = useForm<Draft>(() => (offer ? draftOf(offer) : EMPTY), { keepErrors: true });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setErrors({});
    try {
      const body = bodyOf(draft);
      onSaved(offer ? await updateOffer(offer.id, offer.version, body) : await createOffer(body));
    } catch (cause) {
      const refused = refusedChange(cause, onSignedOut, 'That could not be saved just now. Please try again.');
      if (refused?.fields) setErrors(refused.fields);
      if (refused) setProblem(refused.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="offer-form panel" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="offer-form-title">
      <h2 id="offer-form-title">{offer ? `Change ${offer.code}` : 'A new offer code'}</h2>
      <div className="offer-form__grid">
        <TextField label="Code" autoCapitalize="characters" spellCheck={false} {...text('code')} />
        <Field label="What it takes off" error={errors.kind}>
          {(control) => (
            <select {...control} className="field__input" value={draft.kind} onChange={(event) => set('kind', event.target.value as Draft['kind'])}>
              <option value="percent_off">A percentage of the items</option>
              <option value="amount_off">An amount off the items</option>
              <option value="free_delivery">Free delivery</option>
            </select>
          )}
        </Field>
        {draft.kind === 'percent_off' && <TextField label="Percentage off" inputMode="numeric" {...text('percent')} />}
        {draft.kind === 'amount_off' && <TextField label="Amount off (£)" inputMode="decimal" {...text('amount')} />}
        <TextField label="Minimum spend (£, optional)" inputMode="decimal" {...text('minimum_spend')} />
        <TextField label="From (optional)" type="date" {...text('valid_from')} />
        <TextField label="Until (optional)" type="date" {...text('valid_until')} />
        <TextField label="Uses in all (optional)" inputMode="numeric" {...text('total_uses')} />
      </div>

      <Checks
        legend="Delivery days it is for (none: every day)"
        items={WEEKDAYS.map((day) => ({ value: day, label: capital(day) }))}
        chosen={draft.weekdays}
        onChange={(weekdays) => set('weekdays', weekdays)}
        error={errors.weekdays}
      />

      {options && options.slots.length > 0 && (
        <Checks
          legend="Delivery slots it is for (none: every slot)"
          items={options.slots.map((slot) => ({ value: slot, label: slot }))}
          chosen={draft.slots}
          onChange={(slots) => set('slots', slots)}
        />
      )}

      {options && (
        <details>
          <summary>Only for some products or shelves ({draft.products.length + draft.shelves.length} chosen)</summary>
          <Checks legend="Shelves" items={options.shelves.map(named)} chosen={draft.shelves} onChange={(shelves) => set('shelves', shelves)} />
          <Checks legend="Products" items={options.products.map(named)} chosen={draft.products} onChange={(products) => set('products', products)} />
        </details>
      )}

      <label className="check-row">
        <input type="checkbox" checked={draft.once_per_email} onChange={(event) => set('once_per_email', event.target.checked)} />
        Once per e-mail address
      </label>

      <FormEnd
        problem={problem}
        busy={busy}
        submit={offer ? 'Save the changes' : 'Make the code'}
        cancel={
          <button type="button" className="button button--quiet button--small" onClick={onCancel}>
            Cancel
          </button>
        }
      />
    </form>
  );
}

const named = ({ id, name }: { id: number; name: string }) => ({ value: id, label: name });

interface ChecksProps<T> {
  legend: string;
  items: { value: T; label: string }[];
  chosen: T[];
  onChange: (chosen: T[]) => void;
  error?: string;
}

/** A set of boxes to tick, each a value of the list it keeps (days, slots, shelves, products). */
function Checks<T extends string | number>({ legend, items, chosen, onChange, error }: ChecksProps<T>) {
  return (
    <fieldset>
      <legend className="field__label">{legend}</legend>
      <div className="offer-form__days">
        {items.map(({ value, label }) => (
          <label key={value} className="check-row">
            <input
              type="checkbox"
              checked={chosen.includes(value)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, value] : chosen.filter((one) => one !== value))}
            />
            {label}
          </label>
        ))}
      </div>
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}
