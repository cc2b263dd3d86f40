/**
 * GET /api/logout no longer signs anyone out: a link or image on another site could otherwise end
 * a session. An old bookmark or a typed address lands here instead, and one press of the button
 * posts the sign-out form.
 */
export const signOutPageHtml = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign out · Brandlens</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:22rem;padding:2rem;border:1px solid #e2e8f0;border-radius:.75rem;background:#fff;text-align:center}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0 0 1.5rem;color:#475569}
button{font:inherit;font-weight:600;padding:.6rem 1.25rem;border:0;border-radius:.5rem;background:#0f172a;color:#fff;cursor:pointer}
a{display:block;margin-top:1rem;color:#475569}
</style>
</head>
<body>
<main>
<h1>Sign out of Brandlens?</h1>
<p>You will need to sign in again to see your brands and reports.</p>
<form method="post" action="/api/logout"><button type="submit">Sign Out</button></form>
<a href="/">Back to Brandlens</a>
</main>
</body>
</html>
`;
