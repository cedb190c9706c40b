import { isSoldOut, money } from '@/lib/core';
import type { Variation } from '@/lib/api-client';
import '@/components/ui/tile.css';
import './size-selector.css';

export interface SizeSelectorProps {
  sizes: readonly Variation[];
  chosenId: number | null;
  onChoose: (id: number) => void;
}

/** The sizes of a product as a group of choices; sold-out sizes cannot be chosen. */
export function SizeSelector({ sizes, chosenId, onChoose }: SizeSelectorProps) {
  return (
    <fieldset className="size-selector">
      <legend className="field__label">Size</legend>
      <div className="size-selector__options">
        {sizes.map((size) => {
          const soldOut = isSoldOut(size.stock);
          return (
            <label key={size.id} className="tile size-option" data-sold-out={soldOut || undefined}>
              <input
                type="radio"
                name="size"
                value={size.id}
                checked={chosenId === size.id}
                disabled={soldOut}
                onChange={() => onChoose(size.id)}
              />
              <span className="size-option__name">{size.size}</span>
              <span className="size-option__price">{soldOut ? 'Sold out' : money(size.price)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
