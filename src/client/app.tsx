import { StrictMode } from 'react';
import { Router } from 'wouter';
import { Toaster } from './components/ui/toaster.tsx';
import { AppRoutes } from './routes.tsx';

/** The browser app: the signed-in screens and the shared links (the public pages are static). */
export function App() {
  return (
    <StrictMode>
      <Router>
        <AppRoutes />
      </Router>
      <Toaster />
    </StrictMode>
  );
}
