/**
 * Build-time rendering of the public pages (scripts/prerender.ts). They are static documents: no
 * React runs on them in the browser, only the small public-page.ts script. The signed-in landing
 * variant and the sign-in page's methods carry placeholders the server fills in per request.
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { pagePlaceholders } from '../shared/routes.ts';
import { SignInPage } from './features/auth/signin-page.tsx';
import { DemoDashboardPage } from './features/demo/demo-dashboard-page.tsx';
import { LandingPage } from './features/landing/landing-page.tsx';
import PrivacyPolicyPage from './features/legal/privacy-policy-page.tsx';
import NotFoundPage from './features/not-found/not-found-page.tsx';

/** Each prerendered document by its key in src/shared/routes.ts (a public path, or a variant's name). */
const signedOutLanding = () => <LandingPage signedIn={false} welcomeName="" />;

const pages: Record<string, () => ReactNode> = {
  '/': signedOutLanding,
  '/landing': signedOutLanding,
  'landing-signed-in': () => <LandingPage signedIn welcomeName={pagePlaceholders.welcomeName} />,
  '/privacy-policy': () => <PrivacyPolicyPage />,
  '/signin': () => <SignInPage authProviders={pagePlaceholders.authProviders} />,
  '/demo-dashboard': () => <DemoDashboardPage />,
  'not-found': () => <NotFoundPage />,
};

export async function renderPage(key: string): Promise<string> {
  const page = pages[key];
  if (!page) throw new Error(`Prerender: no page for ${key}`);
  // The pages' links render as plain anchors; the router only gives them their base path.
  const { prelude } = await prerenderToNodeStream(<Router ssrPath={key.startsWith('/') ? key : '/'}>{page()}</Router>);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
