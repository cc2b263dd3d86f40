/**
 * The sign-in page's contract between its markup (src/client/features/auth/signin-page.tsx), its
 * script (signin-behaviour.ts) and the server that fills in the methods it offers
 * (signInPageConditions in src/server/http/client-pages.ts).
 */

/** The ids of the elements the page's script reads and wires. */
export const signInElementIds = {
  failure: 'signin-failure',
  failureReason: 'signin-failure-reason',
  google: 'signin-google',
  form: 'signin-form',
  email: 'signin-email',
  devNote: 'signin-dev-note',
  replit: 'signin-replit',
} as const;

/**
 * Conditions the server decides from the methods it offers: elements name one in
 * `data-shown-when`, `data-disabled-when` or `data-described-when`.
 */
export const signInConditions = {
  googleMissing: 'google-missing',
  replitMissing: 'replit-missing',
  devNote: 'dev-note',
  devNoteReplit: 'dev-note-replit',
  devNoteDemo: 'dev-note-demo',
} as const;
export type SignInCondition = (typeof signInConditions)[keyof typeof signInConditions];
