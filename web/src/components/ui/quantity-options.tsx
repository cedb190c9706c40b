/** A quantity box's choices, one option a number (the product page's and the basket's alike). */
export function QuantityOptions({ quantities }: { quantities: number[] }) {
  return quantities.map((n) => (
    <option key={n} value={n}>
      {n}
    </option>
  ));
}
