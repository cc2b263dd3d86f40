import { startOpeningScreen } from './app-screens.ts';
// in the page's head, as the public pages link it too
import './index.css';

// The entry is kept small so these reads start as soon as the page has it, while React and the
// screen's code are still loading. The app screens and shared links render from app-root.tsx; the
// public pages are static documents that never load this.
startOpeningScreen(window.location.pathname);
void import('./app-root.tsx');
