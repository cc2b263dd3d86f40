import {
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MailCheck,
  MessageSquareText,
  Palette,
  ScanSearch,
  Settings,
  Target,
} from 'lucide-react';

export type NavItem = {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Other paths under which this entry counts as the current one. */
  also?: string[];
};

export const navItems: NavItem[] = [
  { label: 'Dashboard', href: '/', icon: LayoutDashboard, also: ['/action-items'] },
  { label: 'Brand Audit', href: '/brand-audit', icon: ScanSearch, also: ['/audit-results'] },
  { label: 'Consumer Insights', href: '/consumer-insights', icon: MessageSquareText },
  { label: 'Competitor Tracking', href: '/competitor-tracking', icon: Target },
  { label: 'Email Reports', href: '/email-reports', icon: Mail },
  { label: 'White Label', href: '/white-label', icon: Palette },
  { label: 'Settings', href: '/settings', icon: Settings },
];

/**
 * Entries only administrators get (the server's isAdmin on GET /api/auth/user). The server refuses
 * these screens' calls to anyone else, so hiding them is for tidiness, not for safety.
 */
export const adminNavItems: NavItem[] = [
  { label: 'Support Inbox', href: '/admin/support', icon: Inbox },
  { label: 'Mail Outbox', href: '/admin/outbox', icon: MailCheck },
];

function underPath(location: string, base: string): boolean {
  return location === base || location.startsWith(`${base}/`);
}

export function isNavItemActive(item: NavItem, location: string): boolean {
  if (item.href === '/') return location === '/' || (item.also ?? []).some((base) => underPath(location, base));
  return underPath(location, item.href) || (item.also ?? []).some((base) => underPath(location, base));
}
