/** Server addresses reached by a full page load, not by the client router. */
export const serverPaths = {
  login: '/api/login',
  logout: '/api/logout',
  google: '/api/auth/google',
  devSwitch: '/api/dev-switch',
} as const;

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
