import { AlertCircle, ArrowLeft, Info, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { signInElementIds, signInConditions as when } from '../../../shared/sign-in-page.ts';
import { BrandMark } from '../../components/brand-logo.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { GoogleIcon, ReplitIcon } from './provider-icons.tsx';

/**
 * The sign-in page, rendered at build time (no React in the browser). The server shows the notes and
 * disables the buttons that apply to the methods it offers (signInPageConditions), and writes the
 * methods into `data-auth-providers` for the public pages' script (signin-behaviour.ts), which sends
 * each button to its server address.
 */
export function SignInPage({ authProviders }: { authProviders: string }) {
  const ids = signInElementIds;
  return (
    <div
      data-auth-providers={authProviders}
      className="relative flex min-h-dvh flex-col bg-gradient-to-br from-indigo-50 via-background to-violet-50 dark:from-background dark:to-background"
    >
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

      {/* The card's place depends on nothing after its top: the footer sits in space the main keeps
          free, and the card starts about where centring would put it rather than being centred, so a
          first paint made while the document is still arriving puts the card where it stays. */}
      <main className="relative flex flex-1 items-start justify-center px-4 pt-[max(2.5rem,calc(50dvh-23rem))] pb-20">
        <Card className="w-full max-w-md gap-5 shadow-xl shadow-indigo-500/5">
          <CardHeader className="items-center text-center">
            <BrandMark className="mx-auto mb-2 size-12" />
            <CardTitle className="text-2xl">Sign in to Brandlens</CardTitle>
            <CardDescription>Analyse your brand, your customers and your competitors.</CardDescription>
          </CardHeader>

          <CardContent className="space-y-5">
            <Alert variant="destructive" id={ids.failure} hidden>
              <AlertCircle aria-hidden="true" />
              <AlertTitle>Sign-in did not complete</AlertTitle>
              <AlertDescription id={ids.failureReason} />
            </Alert>
            <div className="space-y-2">
              <Button
                type="button"
                variant="outline"
                size="lg"
                className="w-full"
                id={ids.google}
                data-disabled-when={when.googleMissing}
              >
                <GoogleIcon className="size-5" />
                Continue with Google
              </Button>
              <p data-shown-when={when.googleMissing} hidden className="text-center text-muted-foreground text-xs">
                Google sign-in is not configured on this server
              </p>
            </div>

            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
              <span className="font-medium text-muted-foreground text-xs">Or</span>
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
            </div>

            <form id={ids.form} className="space-y-4" noValidate>
              <div className="space-y-2">
                <Label htmlFor={ids.email}>Email Address (Optional)</Label>
                <Input
                  id={ids.email}
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="you@company.com"
                  data-described-when={when.devNote}
                />
                <p
                  id={ids.devNote}
                  data-shown-when={when.devNote}
                  hidden
                  className="flex items-start gap-1.5 text-muted-foreground text-xs"
                >
                  <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                  <span data-shown-when={when.devNoteReplit} hidden>
                    Development sign-in: enter an e-mail to sign in as that account
                  </span>
                  <span data-shown-when={when.devNoteDemo} hidden>
                    Development sign-in: leave empty to use the demo account
                  </span>
                </p>
              </div>

              <Button
                type="submit"
                size="lg"
                className="w-full"
                id={ids.replit}
                data-disabled-when={when.replitMissing}
              >
                <ReplitIcon className="size-4" />
                Continue with Replit
              </Button>
              <p data-shown-when={when.replitMissing} hidden className="text-center text-muted-foreground text-xs">
                Replit sign-in is not configured on this server
              </p>
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

      <footer className="absolute inset-x-0 bottom-6 px-4 text-center text-muted-foreground text-xs">
        By continuing you agree to how we handle your data in our{' '}
        <Link href="/privacy-policy" className="underline underline-offset-4 hover:text-foreground">
          Privacy Policy
        </Link>
        .
      </footer>
    </div>
  );
}
