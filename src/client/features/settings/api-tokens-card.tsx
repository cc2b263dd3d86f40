import { Copy, ExternalLink, KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { plans } from '../../../shared/plans.ts';
import {
  apiTokenExpiryDays,
  apiTokenState,
  MAX_API_TOKEN_NAME_LENGTH,
  type TApiToken,
  type TApiTokenExpiryDays,
  type TCreatedApiToken,
} from '../../../shared/schemas/api-tokens.ts';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatDate, formatRelative } from '../../lib/format.ts';
import { copyText } from '../../lib/share-link.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api-token-queries.ts';

const NEVER = 'never';
const expiryLabels: Record<TApiTokenExpiryDays, string> = { 30: '30 days', 90: '90 days', 365: '1 year' };

function CreateTokenForm({ onCreated }: { onCreated: (token: TCreatedApiToken) => void }) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<string>('90');
  const create = useCreateApiToken((token) => {
    setName('');
    onCreated(token);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || create.isPending) return;
    const expiresInDays = expiry === NEVER ? null : (Number(expiry) as TApiTokenExpiryDays);
    create.mutate({ name: name.trim(), expiresInDays });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end">
      <div className="grid gap-2">
        <Label htmlFor="api-token-name">Token name</Label>
        <Input
          id="api-token-name"
          value={name}
          maxLength={MAX_API_TOKEN_NAME_LENGTH}
          placeholder="e.g. Weekly reporting script"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      {/* A grid, not space-y: Radix adds a hidden native select after the trigger inside a form. */}
      <div className="grid gap-2">
        <Label htmlFor="api-token-expiry">Expires after</Label>
        <Select value={expiry} onValueChange={setExpiry}>
          <SelectTrigger id="api-token-expiry" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {apiTokenExpiryDays.map((days) => (
              <SelectItem key={days} value={String(days)}>
                {expiryLabels[days]}
              </SelectItem>
            ))}
            <SelectItem value={NEVER}>No expiry</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" disabled={!name.trim() || create.isPending}>
        <KeyRound aria-hidden="true" />
        {create.isPending ? 'Creating...' : 'Create Token'}
      </Button>
    </form>
  );
}

/** The new token, shown this once, with a copy button. */
function NewTokenNotice({ token, onDone }: { token: TCreatedApiToken; onDone: () => void }) {
  const copy = async () => {
    if (await copyText(token.token)) {
      toast({ title: 'Copied', description: `The token "${token.name}" is on your clipboard.` });
    } else {
      toast({ title: 'Copy failed', description: 'Select the token and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <Alert variant="info">
      <KeyRound aria-hidden="true" />
      <AlertTitle>Copy your new token now</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>This is the only time it is shown: Brandlens keeps only a fingerprint of it.</p>
        <div className="flex w-full gap-2">
          <Input
            readOnly
            aria-label={`New API token ${token.name}`}
            value={token.token}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 font-mono"
          />
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
        <Button variant="outline" size="sm" onClick={onDone}>
          I have copied it
        </Button>
      </AlertDescription>
    </Alert>
  );
}

function RevokeTokenButton({ token }: { token: TApiToken }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiToken(() => setOpen(false));
  return (
    <AlertDialog open={open} onOpenChange={(next) => !revoke.isPending && setOpen(next)}>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        aria-label={`Revoke ${token.name}`}
        onClick={() => setOpen(true)}
      >
        Revoke
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke "{token.name}"?</AlertDialogTitle>
          <AlertDialogDescription>
            Anything using this token stops working at once. This cannot be undone: to call the API again, create a new
            token.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoke.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={revoke.isPending}
            onClick={(event) => {
              event.preventDefault();
              revoke.mutate(token.id);
            }}
          >
            {revoke.isPending ? 'Revoking...' : 'Revoke'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

const stateBadges = {
  active: { label: 'Active', variant: 'success' },
  expired: { label: 'Expired', variant: 'warning' },
  revoked: { label: 'Revoked', variant: 'secondary' },
} as const;

function TokenRow({ token }: { token: TApiToken }) {
  const state = apiTokenState(token);
  const badge = stateBadges[state];
  const expiry = token.expiresAt
    ? `${state === 'expired' ? 'Expired' : 'Expires'} ${formatDate(token.expiresAt)}`
    : 'Never expires';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="api-token-row">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium">{token.name}</span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </p>
        <p className="text-muted-foreground text-xs">
          <code className="font-mono">{token.prefix}…</code> · Created {formatDate(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `Last used ${formatRelative(token.lastUsedAt)}` : 'Never used'} ·{' '}
          {token.revokedAt ? `Revoked ${formatDate(token.revokedAt)}` : expiry}
        </p>
      </div>
      {state === 'active' && <RevokeTokenButton token={token} />}
    </li>
  );
}

function TokenList() {
  const tokens = useApiTokens();
  if (tokens.error) {
    return <LoadErrorAlert error={tokens.error} what="your API tokens" onRetry={() => void tokens.refetch()} />;
  }
  if (!tokens.data) {
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (tokens.data.length === 0) return <p className="text-muted-foreground text-sm">No API tokens yet.</p>;
  return (
    <ul className="divide-y" aria-label="API tokens">
      {tokens.data.map((token) => (
        <TokenRow key={token.id} token={token} />
      ))}
    </ul>
  );
}

/**
 * Settings' API access card (Agency, DESIGN decision 14): personal tokens for the Brandlens API,
 * created, shown once, listed and revoked. Only the account owner sees it: team members cannot
 * have tokens, and other plans do not include API access.
 */
export function ApiTokensCard() {
  const { user } = useAuth();
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  const shown = Boolean(user && user.agencyOwnerId === null && plans[user.planType].allows.apiAccess);
  if (!shown) return null;
  return (
    <Card aria-labelledby="api-tokens-card-title">
      <CardHeader>
        <CardTitle id="api-tokens-card-title" className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5 text-primary" />
          API Access
        </CardTitle>
        <CardDescription>
          Personal tokens let your scripts and integrations call the Brandlens API as you. Send one as{' '}
          <code className="font-mono text-xs">Authorization: Bearer …</code>. Tokens cannot sign in, or manage billing,
          your account, your team or other tokens.{' '}
          <a
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            API reference
            <ExternalLink aria-hidden="true" className="size-3" />
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <CreateTokenForm onCreated={setCreated} />
        {created && <NewTokenNotice token={created} onDone={() => setCreated(null)} />}
        <TokenList />
      </CardContent>
    </Card>
  );
}
