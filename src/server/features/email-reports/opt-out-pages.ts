import { escapeHtml } from '../../../shared/html.ts';

/**
 * The small pages a scheduled report's unsubscribe link opens, outside the app: the reader is an
 * external recipient with no account. Plain HTML, no product links (the report may be white-labelled).
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:24rem;padding:2rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff;text-align:center}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 1.5rem;color:#475569}
button{font:inherit;font-weight:600;padding:.6rem 1.25rem;border:0;border-radius:.5rem;background:#0f172a;color:#fff;cursor:pointer}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** GET: nothing changes until the button is pressed (mail scanners open every link they see). */
export function confirmOptOutPage(reportName: string, email: string, token: string): string {
  const action = `/api/email-reports/unsubscribe?token=${encodeURIComponent(token)}`;
  return page(
    'Unsubscribe?',
    `<p>Stop sending the report “${escapeHtml(reportName)}” to ${escapeHtml(email)}.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function optedOutPage(reportName: string | null, email: string): string {
  return page(
    'You are unsubscribed',
    reportName
      ? `<p>${escapeHtml(email)} will no longer receive the report “${escapeHtml(reportName)}”.</p>`
      : '<p>This report no longer exists, so nothing more will be sent from it.</p>',
  );
}

export const invalidOptOutLinkPage = page(
  'This link does not work',
  '<p>The unsubscribe link is incomplete or not valid. Copy the whole link from the e-mail.</p>',
);
