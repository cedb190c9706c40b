import { useEffect, useState } from 'react';
import './page-loading.css';

/** A quiet loading mark, shown only when loading takes long enough to notice (no flash). */
export function PageLoading({ label = 'Loading…', delayMs = 250 }: { label?: string; delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  return (
    <div className="page-loading" role="status" aria-live="polite">
      {visible ? (
        <>
          <span className="page-loading__bloom" aria-hidden="true" />
          <span className="page-loading__label">{label}</span>
        </>
      ) : (
        <span className="visually-hidden">{label}</span>
      )}
    </div>
  );
}
