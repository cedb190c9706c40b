import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Field, TextField } from '@/components/ui/field';
import { PictureField } from '@/components/admin/picture-field';
import { mediaUrl } from '@/lib/core';
import { CallRefused } from '@/lib/api-client';
import { SubmitButton } from '@/components/ui/submit-button';
import { createProduct, listProducts, saveProduct, uploadPicture, type AdminProduct, type Category, type ProductChange, type SizeChange } from '../api/products-api';

const WHOLE_NUMBER = 'Please give a whole number.';

/** A size as the editor holds it: a key of its own, so a row keeps its place as sizes come and go. */
type SizeRow = SizeChange & { key: string };
type Form = Omit<ProductChange, 'sizes'> & { sizes: SizeRow[] };

let made = 0;
const newKey = () => `new-${(made += 1)}`;

/** The form as the editor holds it: the product's, or an empty one on the first shelf. */
function formOf(product: AdminProduct | null, categories: Category[]): Form {
  if (!product) {
    return {
      name: '',
      description: '',
      category_id: categories[0]?.id ?? 0,
      price: '',
      stock: 0,
      lead_days: 0,
      visible: true,
      sizes: [],
    };
  }
  // What the form was made from goes with it: the version, and the stock shown for the
  // product and each size, so a sale made while the editor is open is never undone.
  return {
    name: product.name,
    description: product.description,
    category_id: product.category_id,
    price: product.price,
    stock: product.stock,
    stock_seen: product.stock,
    lead_days: product.lead_days,
    visible: product.visible,
    version: product.version,
    sizes: product.sizes.map((size) => ({ key: `size-${size.id}`, id: size.id, size: size.size, price: size.price, stock: size.stock, stock_seen: size.stock })),
  };
}

/** What is sent: the sizes without the editor's keys. */
function changeOf(form: Form): ProductChange {
  return { ...form, sizes: form.sizes.map(({ id, size, price, stock, stock_seen }) => ({ id, size, price, stock, stock_seen })) };
}

const whole = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
const shown = (count: number) => (Number.isNaN(count) ? '' : String(count));

export interface ProductEditorProps {
  /** The product to change; null to make a new one. */
  product: AdminProduct | null;
  categories: Category[];
  /** Saved (with its picture, when one was chosen). */
  onSaved: (product: AdminProduct) => void;
  /** Saved, but its picture was refused: the product as it is now, and why. */
  onPictureRefused?: (product: AdminProduct, why: string) => void;
  onFailed: (cause: unknown) => void;
  onCancel?: () => void;
  /** The product's archive, restore or delete buttons. */
  children?: ReactNode;
}

/**
 * A product's form, new or existing: name, description, shelf, price and stock (or its sizes,
 * which can be added and removed), notice, whether it is on sale, and its picture. The server
 * checks it with core's product form; each field's sentence is shown beside it.
 */
export function ProductEditor({ product, categories, onSaved, onPictureRefused, onFailed, onCancel, children }: ProductEditorProps) {
  const id = useId();
  const [form, setForm] = useState<Form>(() => formOf(product, categories));
  const [picture, setPicture] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The banner's sentence, and whether it is about the fields marked (then it goes once they
  // are all put right) or about the save as a whole (it stays until the next save).
  const [problem, setProblem] = useState<{ text: string; aboutFields: boolean } | null>(null);
  const shownProblem = problem && (!problem.aboutFields || Object.keys(errors).length > 0) ? problem.text : null;
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLFormElement>(null);
  const sized = form.sizes.length > 0;
  const title = product ? `Edit ${product.name}` : 'New product';
  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  useEffect(() => box.current?.querySelector('input')?.focus(), []);

  const forget = (...names: string[]) =>
    setErrors((current) => {
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    forget(field);
  };
  const setSize = (at: number, field: 'size' | 'price' | 'stock', value: string) => {
    setForm((current) => ({
      ...current,
      sizes: current.sizes.map((size, i) => (i === at ? { ...size, [field]: field === 'stock' ? whole(value) : value } : size)),
    }));
    forget(`sizes.${at}.${field}`);
  };
  const addSize = () => {
    setForm((current) => ({ ...current, sizes: [...current.sizes, { key: newKey(), size: '', price: current.sizes.length === 0 ? current.price : '', stock: 0 }] }));
    forget('sizes');
  };
  const removeSize = (at: number) => {
    setForm((current) => ({ ...current, sizes: current.sizes.filter((_, i) => i !== at) }));
    // The sentences of the sizes after it no longer match their places.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !name.startsWith('sizes'))));
  };

  const focusFirst = (fields: Record<string, string>) => {
    const first = Object.keys(fields)[0];
    if (first) box.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

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
      setProblem({ text: 'Please check the fields marked below.', aboutFields: true });
      focusFirst(notCounts);
      return;
    }
    setBusy(true);
    setProblem(null);
    let saved: AdminProduct | null = null;
    try {
      saved = product ? await saveProduct(product.id, changeOf(form)) : await createProduct(changeOf(form));
      if (picture) saved = await uploadPicture(saved.id, picture);
      onSaved(saved);
    } catch (cause) {
      if (cause instanceof CallRefused && saved) {
        // The product is saved; only its picture was not taken.
        const why = cause.fields.picture ?? cause.message;
        if (onPictureRefused) onPictureRefused(saved, why);
        setErrors({ picture: why });
        setProblem({ text: why, aboutFields: true });
        focusFirst({ picture: why });
      } else if (cause instanceof CallRefused) {
        setErrors(cause.fields);
        setProblem({ text: cause.message, aboutFields: Object.keys(cause.fields).length > 0 });
        focusFirst(cause.fields);
        if (cause.changed && product) await seeStockNow(product.id);
      } else onFailed(cause);
    } finally {
      setBusy(false);
    }
  };

  /**
   * After a refusal because the stock moved, what she typed stays, and the stock she has now
   * been told of becomes what her form was made from: saving again writes her count over it,
   * as the sentence invites. The version stays as loaded, so a save someone else made is
   * never overwritten without reloading.
   */
  const seeStockNow = async (productId: number) => {
    try {
      const now = (await listProducts()).find((listed) => listed.id === productId);
      if (!now) return;
      setForm((current) => ({
        ...current,
        stock_seen: now.stock,
        sizes: current.sizes.map((row) => ({ ...row, stock_seen: now.sizes.find((size) => size.id === row.id)?.stock ?? row.stock_seen })),
      }));
    } catch {
      // The sentence stands; a reload shows the stock.
    }
  };

  const pictureShown = preview ?? (product?.image ? mediaUrl(product.image) : null);

  /** A whole-number box (blank while it is not one: the save says why). */
  const countBox = (name: 'stock' | 'lead_days', label: string, hint?: string) => (
    <TextField
      name={name}
      label={label}
      inputMode="numeric"
      hint={hint}
      value={shown(form[name])}
      error={errors[name]}
      onValueChange={(v) => set(name, whole(v))}
    />
  );

  return (
    <form id={product ? `edit-${product.id}` : 'new-product'} ref={box} className="product-editor" onSubmit={save} noValidate aria-label={title}>
      {/* Above the fields, where "below" points. */}
      <div role="alert" className="product-editor__problem">
        {shownProblem && <p className="notice notice--error">{shownProblem}</p>}
      </div>
      <div className="product-editor__grid">
        <TextField className="product-editor__wide" name="name" label="Name" value={form.name} error={errors.name} onValueChange={(v) => set('name', v)} />
        <Field className="product-editor__wide" id={`${id}-description`} label="Description" error={errors.description}>
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
        <Field id={`${id}-category`} label="Category" error={errors.category_id}>
          {(control) => (
            <select
              {...control}
              name="category_id"
              className="field__input"
              value={form.category_id}
              onChange={(event) => set('category_id', Number(event.target.value))}
            >
              {form.category_id === 0 && <option value={0}>Choose a category</option>}
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.hidden ? `${category.name} (hidden)` : category.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {!sized && (
          <>
            <TextField name="price" label="Price (£)" inputMode="decimal" value={form.price} error={errors.price} onValueChange={(v) => set('price', v)} />
            {countBox('stock', 'In stock')}
          </>
        )}
        {countBox('lead_days', 'Days of notice', '0 for most; 2 for funeral and wedding pieces.')}
        <label className="check-row product-editor__visible">
          <input type="checkbox" checked={form.visible} onChange={(event) => set('visible', event.target.checked)} />
          <span>{product?.archived ? 'On sale once restored' : 'On sale in the shop'}</span>
        </label>
      </div>

      <fieldset className="product-editor__sizes">
        <legend className="field__label">Sizes</legend>
        <p className="field__hint">
          {sized ? 'Each size has its own price and stock.' : 'One size only. Add sizes when it comes in several, each with its own price and stock.'}
        </p>
        {form.sizes.map((size, at) => {
          const name = size.size.trim() || `Size ${at + 1}`;
          return (
            <div key={size.key} className="product-editor__size">
              <TextField
                name={`sizes.${at}.size`}
                label={`Size ${at + 1}: name`}
                value={size.size}
                error={errors[`sizes.${at}.size`]}
                onValueChange={(v) => setSize(at, 'size', v)}
              />
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
                value={shown(size.stock)}
                error={errors[`sizes.${at}.stock`]}
                onValueChange={(v) => setSize(at, 'stock', v)}
              />
              <button type="button" className="button button--quiet button--small product-editor__remove" onClick={() => removeSize(at)}>
                Remove{' '}<span className="visually-hidden">{name}</span>
              </button>
            </div>
          );
        })}
        {errors.sizes && <p className="field__error">{errors.sizes}</p>}
        <div>
          <button type="button" className="button button--quiet button--small" onClick={addSize}>
            Add a size
          </button>
        </div>
      </fieldset>

      <PictureField
        id={`${id}-picture`}
        error={errors.picture}
        hint="A photo from your phone or camera (JPEG, PNG, WebP, HEIC); it is turned upright and its location data removed."
        className="product-editor__picture"
        shown={pictureShown}
        preview={{ className: 'product-editor__preview', width: 72, height: 90 }}
        onPick={(file) => {
          setPicture(file);
          forget('picture');
        }}
      />

      <div className="product-editor__actions">
        <SubmitButton busy={busy}>
          {product ? 'Save changes' : 'Add the product'}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Cancel
          </button>
        )}
        {children}
      </div>
    </form>
  );
}
