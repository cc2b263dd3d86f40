import { ArrowLeft, Compass } from 'lucide-react';
import { Link } from 'wouter';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { Button } from '../../components/ui/button.tsx';

export default function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-background to-secondary/60">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Link href="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <BrandLogo />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="max-w-md text-center">
          <span className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
            <Compass aria-hidden="true" className="size-7" />
          </span>
          <h1 className="font-bold text-3xl tracking-tight">404 Page Not Found</h1>
          <p className="mt-3 text-muted-foreground">
            The page you were looking for doesn't exist or may have moved. Check the address, or head back home.
          </p>
          <Button asChild className="mt-8" size="lg">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
