/** Server addresses reached by a full page load, not by the client router. */
export const serverPaths = {
  login: '/api/login',
  logout: '/api/logout',
  google: '/api/auth/google',
  devSwitch: '/api/dev-switch',
} as const;

/**
 * Signing out is a form post (a full page load that lands on /), so no link or image on another
 * site can end a session; for menu items that cannot hold a form themselves.
 */
export function submitSignOut(): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = serverPaths.logout;
  document.body.append(form);
  form.submit();
}

/** A full page navigation (the server answers with a redirect). */
export function navigateToServer(url: string): void {
  window.location.href = url;
}

/** Scrolls smoothly to the element with the given id; returns false when it is not on the page. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  return true;
}
