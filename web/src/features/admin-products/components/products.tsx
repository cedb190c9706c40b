import { useCallback, useId, useState, type FormEvent } from 'react';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { notifyError, notifySuccess } from '@/components/ui/notify';
import { isSoldOut, mediaUrl, money } from '@/lib/core';
import { useQuery } from '@/lib/use-query';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { archiveProduct, deleteProduct, listCategories, listProducts, restoreProduct, setStock, type AdminProduct, type Category } from '../api/products-api';
import { Categories } from './categories';
import { ProductEditor } from './product-editor';
import './products.css';

export interface ProductsProps {
  /** The session ended: the page goes to the sign-in. */
  onSignedOut: () => void;
}

const WHOLE_NUMBER = 'Please give a whole number.';

/** Both lists the page needs: the products and the shelves. */
interface Catalogue {
  products: AdminProduct[];
  categories: Category[];
}

async function loadCatalogue(signal: AbortSignal): Promise<Catalogue> {
  const [products, categories] = await Promise.all([listProducts(signal), listCategories(signal)]);
  return { products, categories };
}

/**
 * The studio's products: every one grouped by shelf with its stock at a glance and sold-out
 * marked, a quick stock change from the list, the editor (new or existing product, with its
 * picture), the shelves themselves, and the archived products at the end.
 */
export function Products({ onSignedOut }: ProductsProps) {
  const { lost, onError } = useSignedOut(onSignedOut);
  const query = useQuery('admin-catalogue', loadCatalogue, { onError });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [arranging, setArranging] = useState(false);
  // What the last save did, said in its product's row (where the florist is looking once the
  // editor closes and the keyboard is back on the row's Edit button).
  const [said, setSaid] = useState<{ id: number; text: string } | null>(null);
  const edit = (which: number | 'new' | null) => {
    setEditing(which);
    setSaid(null);
  };

  const replace = useCallback(
    (changed: AdminProduct) =>
      query.setData((now) => {
        const products = now?.products ?? [];
        const known = products.some((product) => product.id === changed.id);
        return {
          categories: now?.categories ?? [],
          products: known ? products.map((product) => (product.id === changed.id ? changed : product)) : [...products, changed],
        };
      }),
    [query],
  );
  const failed = useCallback((cause: unknown) => {
    if (cause instanceof SignedOut) return lost();
    notifyError('The change was not saved', cause instanceof Error ? cause.message : null);
  }, [lost]);

  if (query.status === 'loading') return <AdminLoading>Fetching the products…</AdminLoading>;
  if (query.status === 'error') return <AdminRetry onRetry={query.retry}>We couldn’t fetch the products.</AdminRetry>;

  const { products, categories } = query.data;
  const shelves = categories.map((category) => ({
    category,
    products: products.filter((product) => product.category_id === category.id && !product.archived),
  }));
  const archived = products.filter((product) => product.archived);

  // Once the page has drawn the change, the keyboard goes on from somewhere that is still there.
  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
  // A saved product's row says so; a new row's live region is first drawn empty, so screen
  // readers hear the words arrive in it.
  const saved = (product: AdminProduct, text: string) => {
    replace(product);
    setEditing(null);
    setSaid(null);
    requestAnimationFrame(() => setSaid({ id: product.id, text }));
    focusLater(`edit-button-${product.id}`);
  };
  const moved = async (change: Promise<AdminProduct>, text: (product: AdminProduct) => string) => {
    try {
      const changed = await change;
      saved(changed, text(changed));
    } catch (cause) {
      failed(cause);
    }
  };
  const remove = async (product: AdminProduct) => {
    if (!window.confirm(`Delete ${product.name}? It has never been ordered; this cannot be undone.`)) return;
    try {
      await deleteProduct(product.id);
      query.setData((now) => ({ categories: now?.categories ?? [], products: (now?.products ?? []).filter((p) => p.id !== product.id) }));
      setEditing(null);
      focusLater('add-product');
      notifySuccess(`${product.name} was deleted.`);
    } catch (cause) {
      failed(cause);
    }
  };

  const row = (product: AdminProduct) => (
    <li key={product.id} className="product-row" data-hidden={!product.visible || undefined}>
      <img className="product-row__picture admin-thumb" src={mediaUrl(product.image)} alt="" width={56} height={70} loading="lazy" />
      <div className="product-row__text">
        <span className="product-row__name">{product.name}</span>
        <span className="product-row__meta">
          {money(product.price)}
          {product.sizes.length > 0 && ` · ${product.sizes.length} sizes`}
          {product.lead_days > 0 && ` · ${product.lead_days} days’ notice`}
        </span>
        <span className="product-row__tags">
          {product.archived && <span className="product-row__tag">Archived</span>}
          {!product.visible && !product.archived && <span className="product-row__tag">Hidden</span>}
          {isSoldOut(product.stock) && !product.archived && <span className="product-row__tag product-row__tag--sold-out">Sold out</span>}
        </span>
        <span role="status" className="product-row__said">
          {said?.id === product.id ? said.text : ''}
        </span>
      </div>
      {product.archived ? (
        <p className="product-row__stock">Kept for its orders</p>
      ) : product.sizes.length === 0 ? (
        <QuickStock product={product} onSaved={replace} onFailed={failed} />
      ) : (
        <p className="product-row__stock">{product.sizes.map((size) => `${size.size}: ${size.stock}`).join(' · ')}</p>
      )}
      <button
        id={`edit-button-${product.id}`}
        type="button"
        className="button button--quiet button--small"
        aria-expanded={editing === product.id}
        aria-controls={editing === product.id ? `edit-${product.id}` : undefined}
        onClick={() => edit(editing === product.id ? null : product.id)}
      >
        Edit{' '}<span className="visually-hidden">{product.name}</span>
      </button>
      {editing === product.id && (
        <ProductEditor
          key={product.id}
          product={product}
          categories={categories}
          onSaved={(changed) => saved(changed, `Saved ${changed.name}.`)}
          onPictureRefused={replace}
          onFailed={failed}
        >
          <div className="product-editor__leave">
            {product.archived ? (
              <button type="button" className="button button--quiet" onClick={() => void moved(restoreProduct(product.id), (p) => `${p.name} is restored, hidden from the shop until you put it on sale.`)}>
                Restore{' '}<span className="visually-hidden">{product.name}</span>
              </button>
            ) : product.ordered ? (
              <>
                <button type="button" className="button button--quiet" aria-describedby={`why-archive-${product.id}`} onClick={() => void moved(archiveProduct(product.id), (p) => `${p.name} is archived: out of the shop, kept for its orders.`)}>
                  Archive{' '}<span className="visually-hidden">{product.name}</span>
                </button>
                <p id={`why-archive-${product.id}`} className="field__hint">
                  It has been ordered, so it is archived rather than deleted: its orders keep it.
                </p>
              </>
            ) : (
              <button type="button" className="button button--quiet product-editor__delete" onClick={() => void remove(product)}>
                Delete{' '}<span className="visually-hidden">{product.name}</span>
              </button>
            )}
          </div>
        </ProductEditor>
      )}
    </li>
  );

  return (
    <div className="products-admin">
      <div className="admin-actions">
        <button
          id="add-product"
          type="button"
          className="button"
          aria-expanded={editing === 'new'}
          aria-controls={editing === 'new' ? 'new-product' : undefined}
          disabled={categories.length === 0}
          onClick={() => edit(editing === 'new' ? null : 'new')}
        >
          Add a product
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-expanded={arranging}
          aria-controls={arranging ? 'categories' : undefined}
          onClick={() => setArranging(!arranging)}
        >
          Categories
        </button>
      </div>

      {arranging && (
        <Categories
          id="categories"
          categories={categories}
          onChanged={(next) => {
            query.setData((now) => ({ products: now?.products ?? [], categories: next }));
            // Renamed or hidden shelves change how the products read.
            void query.refresh({ quiet: true });
          }}
          onFailed={failed}
        />
      )}

      {editing === 'new' && (
        <section className="products-admin__new" aria-labelledby="new-product-title">
          <h2 id="new-product-title" className="products-admin__shelf-title">
            New product
          </h2>
          <ProductEditor
            product={null}
            categories={categories}
            onSaved={(added) => saved(added, `Added ${added.name}${added.visible ? ': it is in the shop' : ', hidden from the shop'}.`)}
            onPictureRefused={(saved, why) => {
              replace(saved);
              setEditing(saved.id);
              notifyError(`${saved.name} was added without its picture`, why);
            }}
            onFailed={failed}
            onCancel={() => edit(null)}
          />
        </section>
      )}

      {shelves.map(({ category, products: onShelf }) => (
        <section key={category.id} className="products-admin__shelf" aria-labelledby={`shelf-${category.id}`}>
          <h2 id={`shelf-${category.id}`} className="products-admin__shelf-title">
            {category.name}
            {category.hidden && <span className="product-row__tag products-admin__shelf-tag">Hidden</span>}
          </h2>
          {onShelf.length > 0 ? <ul className="admin-list">{onShelf.map(row)}</ul> : <p className="admin-quiet">Nothing on this shelf yet.</p>}
        </section>
      ))}

      {archived.length > 0 && (
        <section className="products-admin__shelf products-admin__archived" aria-labelledby="shelf-archived">
          <h2 id="shelf-archived" className="products-admin__shelf-title">
            Archived
          </h2>
          <p className="admin-quiet">Out of the shop for good; their orders keep them. Restore one to sell it again.</p>
          <ul className="admin-list">{archived.map(row)}</ul>
        </section>
      )}
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
  // The save's answer, beside the Save button the florist just pressed.
  const [said, setSaid] = useState('');
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
    setSaid('');
    try {
      const saved = await setStock(product.id, stock, product.stock);
      onSaved(saved);
      setCount(String(saved.stock));
      setSaid(`Stock for ${saved.name} is now ${saved.stock}.`);
    } catch (cause) {
      // Said beside the box, the count typed kept: a sale since the list was drawn, say. The
      // list then shows the count now, which a second Save starts from.
      if (cause instanceof CallRefused) {
        setError(cause.fields.stock ?? cause.message);
        if (cause.changed) {
          const now = (await listProducts().catch(() => [])).find((listed) => listed.id === product.id);
          if (now) onSaved(now);
        }
      } else onFailed(cause);
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
          setSaid('');
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
      <p role="status" className="quick-stock__said">
        {said}
      </p>
    </form>
  );
}
