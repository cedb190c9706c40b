// The server's renderer (server/src/pages): the same routes and pages as the browser's app,
// rendered to HTML inside the server's embedded JavaScript engine, from the API answers the
// server puts in the page for the browser too. Built by `vite build --ssr` (vite.ssr.config.ts)
// into one script with no imports; the engine calls `globalThis.renderPage`.
import './engine';
import { renderToString } from 'react-dom/server.browser';
import { StaticRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { setFirstLoad, type FirstLoad } from '@/lib/first-load';
import { showArrivedSite } from '@/features/site/hooks/use-site';

/** The page at `url` (a path with its query) as HTML for inside #root, from `answers` (JSON of lib/first-load's map). */
function renderPage(url: string, answers: string): string {
  setFirstLoad(JSON.parse(answers) as FirstLoad);
  showArrivedSite();
  try {
    return renderToString(
      <StaticRouter location={url}>
        <AppProvider>
          <AppRoutes />
        </AppProvider>
      </StaticRouter>,
    );
  } finally {
    setFirstLoad({});
  }
}

(globalThis as { renderPage?: typeof renderPage }).renderPage = renderPage;
