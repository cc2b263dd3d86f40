/**
 * What the static landing page does in the browser: a plan button stores the plan (SPEC §4) and goes
 * to sign-in, or for a signed-in visitor to the dashboard (free) or the subscribe screen; the section
 * links scroll smoothly and close the mobile sections menu, which its button opens and closes.
 */
import { isPlanKey } from '../../../shared/plans.ts';
import { scrollToSection } from '../../lib/navigation.ts';
import { setSelectedPlan } from '../../lib/storage.ts';

function setMenuOpen(toggle: HTMLElement, open: boolean) {
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (menu) menu.hidden = !open;
  toggle.setAttribute('aria-expanded', String(open));
  toggle.setAttribute('aria-label', open ? 'Close sections menu' : 'Open sections menu');
  for (const icon of toggle.querySelectorAll<SVGElement>('[data-menu-icon]')) {
    icon.classList.toggle('hidden', icon.dataset.menuIcon !== (open ? 'open' : 'closed'));
  }
}

export function enhanceLanding(): void {
  const landing = document.querySelector<HTMLElement>('[data-landing]');
  if (!landing) return;
  const signedIn = landing.dataset.signedIn === 'true';
  const toggle = landing.querySelector<HTMLElement>('[data-menu-toggle]');

  landing.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const planButton = target?.closest<HTMLElement>('[data-plan]');
    const plan = planButton?.dataset.plan ?? null;
    if (planButton && isPlanKey(plan)) {
      setSelectedPlan(plan);
      window.location.assign(!signedIn ? '/signin' : plan === 'free' ? '/' : '/subscribe');
      return;
    }
    if (toggle && target?.closest('[data-menu-toggle]')) {
      setMenuOpen(toggle, toggle.getAttribute('aria-expanded') !== 'true');
      return;
    }
    const sectionLink = target?.closest<HTMLAnchorElement>('a[data-section-link]');
    if (sectionLink) {
      const id = sectionLink.hash.slice(1);
      if (toggle) setMenuOpen(toggle, false);
      if (scrollToSection(id)) {
        event.preventDefault();
        window.history.replaceState(null, '', `#${id}`);
      }
    }
  });
}
