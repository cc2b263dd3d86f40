import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';

/** SPEC §9: a refused visitor is sent back to the dashboard after 2 seconds. */
export const ADMIN_DENIAL_REDIRECT_MS = 2000;
export const accessDeniedMessage = "You don't have permission to access this page";

/** The Access Denied toast, screen and redirect; also shown when the server refuses (403). */
export function AccessDenied() {
  const [, navigate] = useLocation();
  useEffect(() => {
    toast({ title: 'Access Denied', description: accessDeniedMessage, variant: 'destructive' });
    const timer = setTimeout(() => navigate('/'), ADMIN_DENIAL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Card className="mx-auto mt-8 max-w-xl">
      <CardContent className="flex flex-col items-center px-6 py-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 font-semibold text-xl">Access Denied</h1>
        <p className="mt-2 text-muted-foreground text-sm">{accessDeniedMessage}. Taking you back to the dashboard…</p>
      </CardContent>
    </Card>
  );
}

/**
 * Administrators' screens. The server refuses their calls to anyone else; this spares everyone else
 * a screen of failed requests.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user?.isAdmin) return <AccessDenied />;
  return children;
}
