/**
 * What the static sign-in page does in the browser, as signin-page.tsx did when React ran it: the
 * ?error= explanation, Continue with Google (with the
 * chosen plan as state) and Continue with Replit (development sign-in as the e-mail entered, else the
 * hosting-platform login, with the chosen plan).
 */

import { signInElementIds } from '../../../shared/sign-in-page.ts';
import { navigateToServer } from '../../lib/navigation.ts';
import { getSelectedPlan } from '../../lib/storage.ts';
import { authProvidersFrom, googleSignInUrl, replitSignInUrl } from './signin-urls.ts';

const ids = signInElementIds;

function showFailure() {
  const error = new URLSearchParams(window.location.search).get('error');
  const reason = document.getElementById(ids.failureReason);
  if (!error || !reason) return;
  reason.textContent = error;
  const failure = document.getElementById(ids.failure);
  if (failure) failure.hidden = false;
}

export function enhanceSignIn(): void {
  const page = document.querySelector<HTMLElement>('[data-auth-providers]');
  const form = document.getElementById(ids.form);
  const email = document.getElementById(ids.email);
  if (!page || !(form instanceof HTMLFormElement) || !(email instanceof HTMLInputElement)) return;
  const providers = authProvidersFrom(page.dataset.authProviders);
  showFailure();

  document
    .getElementById(ids.google)
    ?.addEventListener('click', () => navigateToServer(googleSignInUrl(getSelectedPlan())));
  email.addEventListener('blur', () => {
    email.value = email.value.trim();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const url = replitSignInUrl(providers, email.value, getSelectedPlan());
    if (url) navigateToServer(url);
  });
}
