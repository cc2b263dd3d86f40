import { createRoot } from 'react-dom/client';
import type { TBrand } from '../shared/schemas/brands.ts';
import { App } from './app.tsx';
import { openingScreenCode, takeOpeningBrands } from './app-screens.ts';
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

// the opening screen's code is drawn at once when it is here (lib/preloadable.tsx): a failed load
// settles too, and the screen then loads it again and says so if it cannot
void openingScreenCode().then(() => createRoot(container).render(<App />));
