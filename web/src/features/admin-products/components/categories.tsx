import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/field';
import { CallRefused } from '@/lib/api-client';
import { counted } from '@/lib/words';
import { createCategory, reorderCategories, updateCategory, type Category } from '../api/products-api';

export interface CategoriesProps {
  id: string;
  categories: Category[];
  /** The shelves as the server now has them. */
  onChanged: (categories: Category[]) => void;
  onFailed: (cause: unknown) => void;
}

/**
 * The shop's shelves: each renamed, hidden or shown, and moved up or down (the order of /shop);
 * a new one added last. Names are checked by core on the server; its sentence shows beside the
 * name.
 */
export function Categories({ id, categories, onChanged, onFailed }: CategoriesProps) {
  const [busy, setBusy] = useState(false);

  const move = async (at: number, by: -1 | 1) => {
    const seen = categories.map((category) => category.id);
    const ids = [...seen];
    const [moving] = ids.splice(at, 1);
    if (moving === undefined) return;
    ids.splice(at + by, 0, moving);
    setBusy(true);
    try {
      onChanged(await reorderCategories(ids, seen));
    } catch (cause) {
      onFailed(cause);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id={id} className="categories-admin" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="products-admin__shelf-title">
        Categories
      </h2>
      <p className="admin-quiet">The shelves of the shop, in the order shoppers see them. A hidden category and its products are not shown.</p>
      <ol className="admin-list">
        {categories.map((category, at) => (
          <li key={category.id} className="category-row" data-hidden={category.hidden || undefined}>
            <CategoryForm category={category} onChanged={onChanged} onFailed={onFailed} />
            <div className="category-row__moves">
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Move ${category.name} up`}
                disabled={busy || at === 0}
                onClick={() => void move(at, -1)}
              >
                Up
              </button>
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Move ${category.name} down`}
                disabled={busy || at === categories.length - 1}
                onClick={() => void move(at, 1)}
              >
                Down
              </button>
            </div>
          </li>
        ))}
      </ol>
      <NewCategory onChanged={onChanged} onFailed={onFailed} />
    </section>
  );
}

interface CategoryFormProps {
  category: Category;
  onChanged: (categories: Category[]) => void;
  onFailed: (cause: unknown) => void;
}

/**
 * A shelf's form sending its name: busy while the call is out, the server's sentence about the
 * name beside the box, and any other failure handed to `onFailed`.
 */
function useNameCall(onFailed: (cause: unknown) => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent, call: () => Promise<void>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (cause) {
      // Said beside the name, what was typed kept: a bad name, or a change someone else made.
      if (cause instanceof CallRefused) setError(cause.fields.name ?? cause.message);
      else onFailed(cause);
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, send };
}

/** One shelf's name and whether it is hidden, saved together. */
function CategoryForm({ category, onChanged, onFailed }: CategoryFormProps) {
  const id = useId();
  const [name, setName] = useState(category.name);
  const [hidden, setHidden] = useState(category.hidden);
  const { error, setError, busy, send } = useNameCall(onFailed);
  const changed = name !== category.name || hidden !== category.hidden;
  const count = counted(category.products, 'product');

  const save = (event: FormEvent) => send(event, async () => onChanged(await updateCategory(category.id, name, hidden, category.version)));

  return (
    <form className="category-row__form" onSubmit={save} noValidate aria-label={`Category ${category.name}`}>
      <TextField
        id={`${id}-name`}
        name="name"
        label={`Name (${count})`}
        value={name}
        error={error}
        onValueChange={(value) => {
          setName(value);
          setError(null);
        }}
      />
      <label className="check-row">
        <input type="checkbox" checked={hidden} onChange={(event) => setHidden(event.target.checked)} />
        <span>Hidden from the shop</span>
      </label>
      <button type="submit" className="button button--small" disabled={busy || !changed} aria-label={`Save the category ${category.name}`}>
        Save
      </button>
    </form>
  );
}

interface NewCategoryProps {
  onChanged: (categories: Category[]) => void;
  onFailed: (cause: unknown) => void;
}

/** A new shelf, added last. */
function NewCategory({ onChanged, onFailed }: NewCategoryProps) {
  const [name, setName] = useState('');
  const { error, setError, busy, send } = useNameCall(onFailed);

  const add = (event: FormEvent) =>
    send(event, async () => {
      onChanged(await createCategory(name));
      setName('');
    });

  return (
    <form className="category-row__form categories-admin__new" onSubmit={add} noValidate aria-label="New category">
      <TextField
        name="name"
        label="New category"
        value={name}
        error={error}
        onValueChange={(value) => {
          setName(value);
          setError(null);
        }}
      />
      <button type="submit" className="button button--small" disabled={busy}>
        Add category
      </button>
    </form>
  );
}
