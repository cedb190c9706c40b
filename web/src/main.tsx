import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles/fonts.css';
import './styles/base.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A shopper's page arrives drawn by the server (server/src/pages) from the same components:
// React takes it over as it is. The per-visitor pages arrive empty and are drawn here.
if (root.firstElementChild) {
  hydrateRoot(root, app, {
    onRecoverableError: (error, info) => console.error('The page was drawn again in the browser:', error, info.componentStack),
  });
} else {
  createRoot(root).render(app);
}
