import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { appScreenPaths, classifyPath, pathPattern, type TAppScreenPath } from '../shared/routes.ts';
import { CenteredSpinner } from './components/spinner.tsx';
import { RedirectToLogin } from './features/auth/redirect-to-login.tsx';
import { useAuth } from './hooks/use-auth.ts';
import { preloadablePage } from './lib/preloadable-page.tsx';

// React Query and the app's cache, around the screens that read the API through it.
const QueryProvider = preloadablePage(() => import('./components/query-provider.tsx'));

// Public screens: the prerendered ones load ahead of hydration (preloadPrerenderedPage).
const LandingPage = preloadablePage(() => import('./features/landing/landing-page.tsx'));
const PrivacyPolicyPage = preloadablePage(() => import('./features/legal/privacy-policy-page.tsx'));
const SignInPage = preloadablePage(() => import('./features/auth/signin-page.tsx'));
const DemoDashboardPage = preloadablePage(() => import('./features/demo/demo-dashboard-page.tsx'));
const SharedReportPage = lazy(() => import('./features/shared-pages/shared-report-page.tsx'));
const SharedRecommendationsPage = lazy(() => import('./features/shared-pages/shared-recommendations-page.tsx'));
const NotFoundPage = preloadablePage(() => import('./features/not-found/not-found-page.tsx'));

// The signed-in application: the shell and each screen load on demand.
const AppShell = lazy(() => import('./components/layout/app-shell.tsx'));
const DashboardPage = lazy(() => import('./features/dashboard/dashboard-page.tsx'));
const BrandAuditPage = lazy(() => import('./features/brand-audit/brand-audit-page.tsx'));
const ConsumerInsightsPage = lazy(() => import('./features/consumer-insights/consumer-insights-page.tsx'));
const CompetitorTrackingPage = lazy(() => import('./features/competitor-tracking/competitor-tracking-page.tsx'));
const AuditResultsPage = lazy(() => import('./features/audit-results/audit-results-page.tsx'));
const SubscribePage = lazy(() => import('./features/billing/subscribe-page.tsx'));
const PaymentSuccessPage = lazy(() => import('./features/billing/payment-success-page.tsx'));
const SettingsPage = lazy(() => import('./features/settings/settings-page.tsx'));
const EmailReportsPage = lazy(() => import('./features/email-reports/email-reports-page.tsx'));
const WhiteLabelPage = lazy(() => import('./features/white-label/white-label-page.tsx'));
const SupportInboxPage = lazy(() => import('./features/admin/support-inbox-page.tsx'));

/** Each app screen's component, by its path in the shared route table. */
const appScreenComponents: Record<TAppScreenPath, ComponentType> = {
  '/': DashboardPage,
  '/brand-audit': BrandAuditPage,
  '/consumer-insights': ConsumerInsightsPage,
  '/competitor-tracking': CompetitorTrackingPage,
  '/audit-results/:id': AuditResultsPage,
  '/subscribe': SubscribePage,
  '/upgrade': SubscribePage,
  '/payment-success': PaymentSuccessPage,
  '/settings': SettingsPage,
  '/email-reports': EmailReportsPage,
  '/white-label': WhiteLabelPage,
  '/admin/support': SupportInboxPage,
};

const appScreens = pathPattern(appScreenPaths);

type Preloadable = { preload(): Promise<void> };

const bothOf = (first: Preloadable, second: Preloadable): Preloadable => ({
  preload: async () => {
    await Promise.all([first.preload(), second.preload()]);
  },
});

const prerenderedPages: Record<string, Preloadable> = {
  '/': LandingPage,
  '/landing': LandingPage,
  '/privacy-policy': PrivacyPolicyPage,
  '/signin': bothOf(SignInPage, QueryProvider),
  '/demo-dashboard': DemoDashboardPage,
};

/** Loads the code of the page prerendered for this path, so hydration does not wait on it. */
export function preloadPrerenderedPage(pathname: string): Promise<void> {
  const match = classifyPath(pathname);
  if (match.kind === 'public') return prerenderedPages[match.page.path]?.preload() ?? Promise.resolve();
  if (match.kind === 'unknown') return NotFoundPage.preload();
  return Promise.resolve();
}

function SignedInApp() {
  return (
    <QueryProvider>
      <AppShell>
        <Switch>
          {appScreenPaths.map((path) => (
            <Route key={path} path={path} component={appScreenComponents[path]} />
          ))}
        </Switch>
      </AppShell>
    </QueryProvider>
  );
}

export function AppRoutes() {
  const { isAuthenticated, isLoading } = useAuth();
  const signedIn = !isLoading && isAuthenticated;

  return (
    <Suspense fallback={<CenteredSpinner fullScreen />}>
      <Switch>
        <Route path="/landing" component={LandingPage} />
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        {/* Shared links work for anyone who has them, signed in or not (the owner checks their own link). */}
        <Route path="/reports/:shareableToken">
          <QueryProvider>
            <SharedReportPage />
          </QueryProvider>
        </Route>
        <Route path="/marketing-recommendations/:shareableToken">
          <QueryProvider>
            <SharedRecommendationsPage />
          </QueryProvider>
        </Route>
        {signedIn ? (
          <Route path={appScreens}>
            <SignedInApp />
          </Route>
        ) : (
          <>
            <Route path="/" component={LandingPage} />
            <Route path="/signin">
              <QueryProvider>
                <SignInPage />
              </QueryProvider>
            </Route>
            <Route path="/demo-dashboard" component={DemoDashboardPage} />
            <Route path={appScreens}>{isLoading ? <CenteredSpinner fullScreen /> : <RedirectToLogin />}</Route>
          </>
        )}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
