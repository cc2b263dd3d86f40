import { AlertCircle, ArrowLeft, Info, Lock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { BrandMark } from '../../components/brand-logo.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { useAuthProviders } from '../../hooks/use-auth-providers.ts';
import { navigateToServer } from '../../lib/navigation.ts';
import { getSelectedPlan } from '../../lib/storage.ts';
import { GoogleIcon, ReplitIcon } from './provider-icons.tsx';
import { googleSignInUrl, replitSignInUrl } from './signin-urls.ts';

export default function SignInPage() {
  const { providers, isLoading } = useAuthProviders();
  const [email, setEmail] = useState('');
  const emailId = useId();
  const emailNoteId = useId();

  const replitUrl = replitSignInUrl(providers, email, getSelectedPlan());
  const devNote = providers.devSignIn
    ? providers.replit
      ? 'Development sign-in: enter an e-mail to sign in as that account'
      : 'Development sign-in: leave empty to use the demo account'
    : null;

  const continueWithReplit = (event: FormEvent) => {
    event.preventDefault();
    if (replitUrl) navigateToServer(replitUrl);
  };

  return (
    <div className="relative flex min-h-dvh flex-col bg-gradient-to-br from-indigo-50 via-background to-violet-50 dark:from-background dark:to-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_20rem_at_50%_0%,color-mix(in_oklab,var(--primary)_12%,transparent),transparent)]"
      />
      <header className="relative mx-auto w-full max-w-5xl px-4 pt-6 sm:px-6">
        <Link
          href="/"
          className="inline-flex items-center gap-2 rounded-md font-medium text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Home
        </Link>
      </header>

      <main className="relative flex flex-1 items-center justify-center px-4 py-10">
        <Card className="w-full max-w-md gap-5 shadow-xl shadow-indigo-500/5">
          <CardHeader className="items-center text-center">
            <BrandMark className="mx-auto mb-2 size-12" />
            <CardTitle className="text-2xl">Sign in to Brandlens</CardTitle>
            <CardDescription>Analyse your brand, your customers and your competitors.</CardDescription>
          </CardHeader>

          <CardContent className="space-y-5">
            <SignInFailure />
            <div className="space-y-2">
              <Button
                type="button"
                variant="outline"
                size="lg"
                className="w-full"
                disabled={isLoading || !providers.google}
                onClick={() => navigateToServer(googleSignInUrl(getSelectedPlan()))}
              >
                <GoogleIcon className="size-5" />
                Continue with Google
              </Button>
              {!isLoading && !providers.google && (
                <p className="text-center text-muted-foreground text-xs">
                  Google sign-in is not configured on this server
                </p>
              )}
            </div>

            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
              <span className="font-medium text-muted-foreground text-xs">Or</span>
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
            </div>

            <form className="space-y-4" onSubmit={continueWithReplit} noValidate>
              <div className="space-y-2">
                <Label htmlFor={emailId}>Email Address (Optional)</Label>
                <Input
                  id={emailId}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  onBlur={() => setEmail((value) => value.trim())}
                  aria-describedby={devNote ? emailNoteId : undefined}
                />
                {devNote && (
                  <p id={emailNoteId} className="flex items-start gap-1.5 text-muted-foreground text-xs">
                    <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                    {devNote}
                  </p>
                )}
              </div>

              <Button type="submit" size="lg" className="w-full" disabled={isLoading || !replitUrl}>
                <ReplitIcon className="size-4" />
                Continue with Replit
              </Button>
              {!isLoading && !replitUrl && (
                <p className="text-center text-muted-foreground text-xs">
                  Replit sign-in is not configured on this server
                </p>
              )}
              <p className="text-center text-muted-foreground text-xs">
                We'll redirect you to Replit to verify your account
              </p>
            </form>
          </CardContent>

          <CardFooter className="justify-center border-t pt-5 [.border-t]:pt-5">
            <p className="flex items-start gap-1.5 text-center text-muted-foreground text-xs leading-relaxed">
              <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              <span>Secure authentication powered by Google and Replit. If Replit sign-in fails, try Google.</span>
            </p>
          </CardFooter>
        </Card>
      </main>

      <footer className="relative pb-6 text-center text-muted-foreground text-xs">
        By continuing you agree to how we handle your data in our{' '}
        <Link href="/privacy-policy" className="underline underline-offset-4 hover:text-foreground">
          Privacy Policy
        </Link>
        .
      </footer>
    </div>
  );
}

/** The reason a provider sign-in failed, which the server passes back as ?error=. */
function SignInFailure() {
  const error = new URLSearchParams(useSearch()).get('error');
  if (!error) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertTitle>Sign-in did not complete</AlertTitle>
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  );
}
