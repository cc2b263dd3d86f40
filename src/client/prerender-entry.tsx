/**
 * Build-time rendering of the public pages (scripts/prerender.ts): each page's markup as a signed-out
 * visitor first sees it, which is also what the browser renders first while the current-user read is
 * under way, so hydration matches.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app.tsx';

export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<App ssrPath={path} ssrSearch="" />);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
