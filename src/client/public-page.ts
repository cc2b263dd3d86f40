/**
 * The one script of the static public pages (docs/decisions/0009): no React, only the behaviour each
 * page's markup asks for through its data attributes and ids.
 */
import { enhanceSignIn } from './features/auth/signin-behaviour.ts';
import { enhanceLanding } from './features/landing/landing-behaviour.ts';

// Buttons that open a server address (the demo's Sign In): a full page load, the server redirects.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-server-link]') : null;
  const url = button?.dataset.serverLink;
  if (url) window.location.assign(url);
});

enhanceLanding();
enhanceSignIn();
