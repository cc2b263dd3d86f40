import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preloadPrerenderedPage } from './routes.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Public pages arrive prerendered (scripts/prerender.ts): React takes over the markup in place.
if (container.hasChildNodes()) {
  const root = container;
  void preloadPrerenderedPage(window.location.pathname).then(() => hydrateRoot(root, <App ssrSearch="" />));
} else {
  createRoot(container).render(<App />);
}
