import { Component, Suspense, lazy, useReducer, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { PageLoading } from '@/components/ui/page-loading';
import { PageHydrated } from '@/lib/hydrated';
import './lazy-page.css';

/** How long a page's code may take to arrive before we say so (the spec: 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A page's code did not arrive: the network failed, or it took longer than the time-out. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

type PageModule = { default: ComponentType };

function withTimeout(load: () => Promise<PageModule>, timeoutMs: number): Promise<PageModule> {
  return new Promise<PageModule>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`The page took longer than ${Math.round(timeoutMs / 1000)} s to load.`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('The page could not be loaded.', { cause }));
      },
    );
  });
}

/**
 * A route's page, loaded on first visit (its own chunk). While it loads a quiet indicator
 * shows; if its code fails to arrive, or takes longer than the time-out, the visitor sees
 * what happened and a Retry button that asks for it again.
 */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs: number = CHUNK_TIMEOUT_MS): ComponentType {
  // One lazy component per attempt, shared by every mount, so a revisit does not flash.
  let attempt = 0;
  let Page = lazy(() => withTimeout(load, timeoutMs));

  function LazyPage() {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const retry = () => {
      attempt += 1;
      Page = lazy(() => withTimeout(load, timeoutMs));
      rerender();
    };
    return (
      <PageErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          <Page />
          <PageHydrated />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return LazyPage;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/** Catches a page that failed to load or to render, and offers to try again. */
export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const notLoaded = error instanceof ChunkLoadError;
    return (
      <div className="page-failed container" role="alert">
        {/* No page will say it is ready: this one is, so its Retry works (app/root-layout's frame). */}
        <PageHydrated />
        <h1 className="page-failed__title">
          {notLoaded ? 'This page didn’t load' : 'Something went wrong on this page'}
        </h1>
        <p>
          {notLoaded
            ? `${error.message} Please check your connection, then try again.`
            : 'Sorry about that. Trying again often helps; if it keeps happening, please give us a call.'}
        </p>
        <div className="page-failed__actions">
          <button type="button" className="button" onClick={this.props.onRetry}>
            Retry
          </button>
          <button type="button" className="button button--quiet" onClick={() => window.location.reload()}>
            Reload the whole page
          </button>
        </div>
      </div>
    );
  }
}
