import { escapeHtml } from '../../../shared/html.ts';
import type { TUnsubscribeKind } from '../../../shared/schemas/notifications.ts';

/**
 * The small pages an unsubscribe link opens, outside the app: the reader may not be signed in,
 * or may be reading the mail on another device. Plain HTML with the sign-out page's look.
 */

export const unsubscribeKindLabels: Record<TUnsubscribeKind, string> = {
  auditComplete: 'audit complete e-mails',
  weeklyDigest: 'the weekly digest',
  competitorChanges: 'the weekly competitor changes e-mail',
  mentionSpikes: 'mention spike alerts',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Brandlens</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:24rem;padding:2rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff;text-align:center}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 1.5rem;color:#475569}
button{font:inherit;font-weight:600;padding:.6rem 1.25rem;border:0;border-radius:.5rem;background:#0f172a;color:#fff;cursor:pointer}
a{display:block;margin-top:1rem;color:#475569}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<a href="/settings">Notification settings</a>
</main>
</body>
</html>
`;
}

/** GET: nothing changes until the button is pressed (mail scanners open every link they see). */
export function confirmUnsubscribePage(kind: TUnsubscribeKind, token: string): string {
  const label = unsubscribeKindLabels[kind];
  const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  return page(
    'Unsubscribe?',
    `<p>Stop receiving ${escapeHtml(label)} from Brandlens.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(kind: TUnsubscribeKind): string {
  const label = unsubscribeKindLabels[kind];
  return page(
    'You are unsubscribed',
    `<p>You will no longer receive ${escapeHtml(label)}. You can turn ${kind === 'weeklyDigest' ? 'it' : 'them'} back on in Settings.</p>`,
  );
}

export const invalidUnsubscribeLinkPage = page(
  'This link does not work',
  '<p>The unsubscribe link is incomplete or not valid. Copy the whole link from the e-mail, or change your notifications in Settings.</p>',
);
