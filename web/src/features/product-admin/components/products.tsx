import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Field, TextField } from '@/components/ui/field';
import { notifyError } from '@/components/ui/notify';
import { isSoldOut, mediaUrl, money } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { listProducts, ProductRefused, ProductsSignedOut, saveProduct, setStock, type AdminProduct, type ProductChange } from '../api/products-api';
import './products.css';

export interface ProductsProps {
  /** The session ended: the page goes to the sign-in. */
  onSignedOut: () => void;
}

const WHOLE_NUMBER = 'Please give a whole number.';

/** The product form as the editor holds it, from what the list shows. */
function formOf(product: AdminProduct): ProductChange {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    stock: product.stock,
    lead_days: product.lead_days,
    visible: product.visible,
    sizes: product.sizes.map((size) => ({ id: size.id, price: size.price, stock: size.stock })),
  };
}

/**
 * The studio's products: every one, on sale or hidden, grouped by shelf with its stock at a
 * glance and sold-out marked; a quick stock change from the list; and the editor for the name,
 * description, price, stock, notice, visibility and each size's price and stock.
 */
export function Products({ onSignedOut }: ProductsProps) {
  const signedOut = useRef(onSignedOut);
  useEffect(() => {
    signedOut.current = onSignedOut;
  });
  const onError = useCallback((cause: unknown) => {
    if (cause instanceof ProductsSignedOut) signedOut.current();
  }, []);
  const query = useQuery('admin-products', (signal) => listProducts(signal), { onError });
  const [editing, setEditing] = useState<number | null>(null);

  const replace = useCallback(
    (changed: AdminProduct) => query.setData((list) => (list ?? []).map((product) => (product.id === changed.id ? changed : product))),
    [query],
  );
  const failed = useCallback((cause: unknown) => {
    if (cause instanceof ProductsSignedOut) return signedOut.current();
    notifyError('The change was not saved', cause instanceof Error ? cause.message : null);
  }, []);

  if (query.status === 'loading') return <p className="products-admin__quiet">Fetching the products…</p>;
  if (query.status === 'error') {
    return (
      <div className="products-admin__quiet">
        <p>We couldn’t fetch the products.</p>
        <button type="button" className="button button--quiet button--small" onClick={query.retry}>
          Try again
        </button>
      </div>
    );
  }

  const shelves = new Map<string, AdminProduct[]>();
  for (const product of query.data) shelves.set(product.category_name, [...(shelves.get(product.category_name) ?? []), product]);
  const opened = query.data.find((product) => product.id === editing) ?? null;

  return (
    <div className="products-admin">
      {[...shelves].map(([shelf, products]) => (
        <section key={shelf} className="products-admin__shelf" aria-labelledby={`shelf-${shelf}`}>
          <h2 id={`shelf-${shelf}`} className="products-admin__shelf-title">
            {shelf || 'Without a shelf'}
          </h2>
          <ul className="products-admin__list">
            {products.map((product) => (
              <li key={product.id} className="product-row" data-hidden={!product.visible || undefined}>
                <img className="product-row__picture" src={mediaUrl(product.image)} alt="" width={56} height={70} loading="lazy" />
                <div className="product-row__text">
                  <span className="product-row__name">{product.name}</span>
                  <span className="product-row__meta">
                    {money(product.price)}
                    {product.sizes.length > 0 && ` · ${product.sizes.length} sizes`}
                    {product.lead_days > 0 && ` · ${product.lead_days} days’ notice`}
                  </span>
                  <span className="product-row__tags">
                    {!product.visible && <span className="product-row__tag">Hidden</span>}
                    {isSoldOut(product.stock) && <span className="product-row__tag product-row__tag--sold-out">Sold out</span>}
                  </span>
                </div>
                {product.sizes.length === 0 ? (
                  <QuickStock product={product} onSaved={replace} onFailed={failed} />
                ) : (
                  <p className="product-row__stock">
                    {product.sizes.map((size) => `${size.size}: ${size.stock}`).join(' · ')}
                  </p>
                )}
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-expanded={editing === product.id}
                  aria-controls={editing === product.id ? `edit-${product.id}` : undefined}
                  aria-label={`Edit ${product.name}`}
                  onClick={() => setEditing(editing === product.id ? null : product.id)}
                >
                  Edit
                </button>
                {opened?.id === product.id && (
                  <ProductEditor
                    key={`${opened.id}`}
                    product={opened}
                    onSaved={(saved) => {
                      replace(saved);
                      setEditing(null);
                    }}
                    onFailed={failed}
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

interface QuickStockProps {
  product: AdminProduct;
  onSaved: (product: AdminProduct) => void;
  onFailed: (cause: unknown) => void;
}

/** The list's stock box: type the count, press Save (or Enter). */
function QuickStock({ product, onSaved, onFailed }: QuickStockProps) {
  const id = useId();
  const [count, setCount] = useState(String(product.stock));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const changed = count.trim() !== String(product.stock);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const stock = Number(count);
    if (count.trim() === '' || !Number.isInteger(stock)) {
      setError(WHOLE_NUMBER);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await setStock(product.id, stock);
      onSaved(saved);
      setCount(String(saved.stock));
    } catch (cause) {
      if (cause instanceof ProductRefused && cause.fields.stock) setError(cause.fields.stock);
      else onFailed(cause);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="quick-stock" onSubmit={save} noValidate>
      <label htmlFor={id} className="quick-stock__label">
        In stock<span className="visually-hidden">: {product.name}</span>
      </label>
      <input
        id={id}
        className="field__input quick-stock__input"
        inputMode="numeric"
        value={count}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setCount(event.target.value);
          setError(null);
        }}
      />
      <button type="submit" className="button button--small" disabled={busy || !changed} aria-label={`Save the stock of ${product.name}`}>
        Save
      </button>
      {error && (
        <p id={`${id}-error`} className="field__error quick-stock__error">
          {error}
        </p>
      )}
    </form>
  );
}

interface ProductEditorProps {
  product: AdminProduct;
  onSaved: (product: AdminProduct) => void;
  onFailed: (cause: unknown) => void;
}

/** A product's form; the server checks it with core's product form, each field's sentence shown beside it. */
function ProductEditor({ product, onSaved, onFailed }: ProductEditorProps) {
  const [form, setForm] = useState<ProductChange>(() => formOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLFormElement>(null);
  const sized = form.sizes.length > 0;

  useEffect(() => box.current?.querySelector('input')?.focus(), []);

  const set = <K extends keyof ProductChange>(field: K, value: ProductChange[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  };
  const setSize = (at: number, field: 'price' | 'stock', value: string) => {
    setForm((current) => ({
      ...current,
      sizes: current.sizes.map((size, i) => (i === at ? { ...size, [field]: field === 'stock' ? whole(value) : value } : size)),
    }));
    setErrors((current) => {
      const next = { ...current };
      delete next[`sizes.${at}.${field}`];
      return next;
    });
  };
  const whole = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // Counts must be whole numbers before anything can be checked; the rest is core's to judge.
    const notCounts: Record<string, string> = {};
    const count = (value: number) => Number.isInteger(value);
    if (!sized && !count(form.stock)) notCounts.stock = WHOLE_NUMBER;
    if (!count(form.lead_days)) notCounts.lead_days = WHOLE_NUMBER;
    form.sizes.forEach((size, at) => {
      if (!count(size.stock)) notCounts[`sizes.${at}.stock`] = WHOLE_NUMBER;
    });
    if (Object.keys(notCounts).length > 0) {
      setErrors(notCounts);
      setProblem('Please check the fields marked below.');
      box.current?.querySelector<HTMLElement>(`[name="${Object.keys(notCounts)[0]}"]`)?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await saveProduct(product.id, form));
    } catch (cause) {
      if (cause instanceof ProductRefused) {
        setErrors(cause.fields);
        setProblem(cause.message);
        const first = Object.keys(cause.fields)[0];
        box.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      } else onFailed(cause);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id={`edit-${product.id}`} ref={box} className="product-editor" onSubmit={save} noValidate aria-label={`Edit ${product.name}`}>
      <div className="product-editor__grid">
        <TextField className="product-editor__wide" name="name" label="Name" value={form.name} error={errors.name} onValueChange={(v) => set('name', v)} />
        <Field className="product-editor__wide" id={`desc-${product.id}`} label="Description" error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              name="description"
              className="field__input"
              rows={4}
              value={form.description}
              onChange={(event) => set('description', event.target.value)}
            />
          )}
        </Field>
        {!sized && (
          <>
            <TextField name="price" label="Price (£)" inputMode="decimal" value={form.price} error={errors.price} onValueChange={(v) => set('price', v)} />
            <TextField
              name="stock"
              label="In stock"
              inputMode="numeric"
              value={Number.isNaN(form.stock) ? '' : String(form.stock)}
              error={errors.stock}
              onValueChange={(v) => set('stock', whole(v))}
            />
          </>
        )}
        <TextField
          name="lead_days"
          label="Days of notice"
          inputMode="numeric"
          hint="0 for most; 2 for funeral and wedding pieces."
          value={Number.isNaN(form.lead_days) ? '' : String(form.lead_days)}
          error={errors.lead_days}
          onValueChange={(v) => set('lead_days', whole(v))}
        />
        <label className="check-row product-editor__visible">
          <input type="checkbox" checked={form.visible} onChange={(event) => set('visible', event.target.checked)} />
          <span>On sale in the shop</span>
        </label>
      </div>

      {sized && (
        <fieldset className="product-editor__sizes">
          <legend className="field__label">Sizes</legend>
          {form.sizes.map((size, at) => {
            const name = product.sizes.find((s) => s.id === size.id)?.size ?? `Size ${at + 1}`;
            return (
              <div key={size.id} className="product-editor__size">
                <span className="product-editor__size-name">{name}</span>
                <TextField
                  name={`sizes.${at}.price`}
                  label={`${name}: price (£)`}
                  inputMode="decimal"
                  value={size.price}
                  error={errors[`sizes.${at}.price`]}
                  onValueChange={(v) => setSize(at, 'price', v)}
                />
                <TextField
                  name={`sizes.${at}.stock`}
                  label={`${name}: in stock`}
                  inputMode="numeric"
                  value={Number.isNaN(size.stock) ? '' : String(size.stock)}
                  error={errors[`sizes.${at}.stock`]}
                  onValueChange={(v) => setSize(at, 'stock', v)}
                />
              </div>
            );
          })}
          {errors.sizes && <p className="field__error">{errors.sizes}</p>}
        </fieldset>
      )}

      <div role="alert" className="product-editor__problem">
        {problem && <p className="notice notice--error">{problem}</p>}
      </div>
      <div className="product-editor__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
