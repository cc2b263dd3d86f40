import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { appScreenPaths, pathPattern, publicPages, type TAppScreenPath } from '../shared/routes.ts';
import { appScreenModules, appShellModule, queryProviderModule } from './app-screens.ts';
import { CenteredSpinner } from './components/spinner.tsx';
import { RedirectToLogin } from './features/auth/redirect-to-login.tsx';
import { useAuth } from './hooks/use-auth.ts';
import { preloadable } from './lib/preloadable.tsx';

const QueryProvider = preloadable(queryProviderModule);

const SharedReportPage = lazy(() => import('./features/shared-pages/shared-report-page.tsx'));
const SharedRecommendationsPage = lazy(() => import('./features/shared-pages/shared-recommendations-page.tsx'));
const NotFoundPage = lazy(() => import('./features/not-found/not-found-page.tsx'));

// The signed-in application: the shell and each screen load on demand (app-screens.ts).
const AppShell = preloadable(appShellModule);
const appScreenComponents = {} as Record<TAppScreenPath, ComponentType>;
for (const path of appScreenPaths) appScreenComponents[path] = preloadable(appScreenModules[path]);

const appScreens = pathPattern(appScreenPaths);

/** The public pages other than /, which the server sends as static documents (docs/decisions/0009). */
const publicPaths = pathPattern(publicPages.map((page) => page.path).filter((path) => path !== '/'));

/**
 * A public page reached by the app's own navigation: the server's document is loaded in its place.
 * The app's links to them are plain anchors; this covers any other way there.
 */
function ServerPage({ path }: { path?: string }) {
  useEffect(() => {
    if (path) window.location.replace(path);
    else window.location.reload();
  }, [path]);
  return <CenteredSpinner fullScreen />;
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
        <Route path={publicPaths}>
          <ServerPage />
        </Route>
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
            {/* The server sends / to a signed-in visitor only; signed out since, the landing page shows. */}
            <Route path="/">{isLoading ? <CenteredSpinner fullScreen /> : <ServerPage path="/landing" />}</Route>
            <Route path={appScreens}>{isLoading ? <CenteredSpinner fullScreen /> : <RedirectToLogin />}</Route>
          </>
        )}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
