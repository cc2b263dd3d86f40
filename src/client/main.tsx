import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The app screens and shared links. The public pages are static documents that never load this.
createRoot(container).render(<App />);
