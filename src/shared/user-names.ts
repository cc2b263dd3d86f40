/** How a user is named in the interface (the browser app, and the server for the signed-in landing page). */
export type NamedUser = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
};

function clean(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** Initials from the first and last name, else the first letter of the e-mail, else 'U'. */
export function userInitials(user: NamedUser | null | undefined): string {
  const first = clean(user?.firstName);
  const last = clean(user?.lastName);
  if (first || last) return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
  const email = clean(user?.email);
  if (email) return email.charAt(0).toUpperCase();
  return 'U';
}

/** The full name, else the e-mail, else 'User'. */
export function userDisplayName(user: NamedUser | null | undefined): string {
  const full = [clean(user?.firstName), clean(user?.lastName)].filter(Boolean).join(' ');
  return full || clean(user?.email) || 'User';
}

/** The first name, else the part of the e-mail before the @, else the fallback. */
export function userGreetingName(user: NamedUser | null | undefined, fallback = ''): string {
  const first = clean(user?.firstName);
  if (first) return first;
  const email = clean(user?.email);
  const local = email.split('@')[0] ?? '';
  return local || fallback;
}
