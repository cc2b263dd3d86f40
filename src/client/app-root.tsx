import { createRoot } from 'react-dom/client';
import type { TBrand } from '../shared/schemas/brands.ts';
import { App } from './app.tsx';
import { takeOpeningBrands } from './app-screens.ts';
import { brandsQueryKey } from './features/audits-shared/audit-queries.ts';
import { apiJson } from './lib/api.ts';
import { queryClient } from './lib/query-client.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The brands read as the app started become the cache's, before any screen asks for them; if that
// read failed, the app's own read gives the screen its answer or its error.
const openingBrands = takeOpeningBrands();
if (openingBrands)
  void queryClient.prefetchQuery({
    queryKey: brandsQueryKey,
    queryFn: async () => (await openingBrands) ?? apiJson<TBrand[]>('GET', '/api/brands'),
  });

createRoot(container).render(<App />);
