import { StrictMode } from 'react';
import { Router } from 'wouter';
import { LazyToaster } from './components/lazy-toaster.tsx';
import { AppRoutes } from './routes.tsx';

type AppProps = {
  /** The path rendered at build time (prerendering only). */
  ssrPath?: string;
  /**
   * The query string to render first. Prerendered pages carry none, so hydration starts from an
   * empty one and the page updates to the real one right after, without a hydration mismatch.
   */
  ssrSearch?: string;
};

/** The whole client, the same tree for prerendering public pages and for the browser. */
export function App({ ssrPath, ssrSearch }: AppProps) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <AppRoutes />
      </Router>
      <LazyToaster />
    </StrictMode>
  );
}
