import { type ApiRoute, openApiPath } from './collect-api-routes.ts';

/**
 * One line for each route that does not carry its own `schema.summary`, keyed `METHOD /path`.
 * The API docs test fails for a route with neither, so the reference never lists a route
 * without saying what it does.
 */
export const routeSummaries: Record<string, string> = {
  'GET /api/action-items': 'List the action items of your brands, open first and by priority',
  'POST /api/action-items/generate': 'Generate action items from your latest audits',
  'PATCH /api/action-items/{id}/status': 'Complete or reopen an action item',
  'GET /api/ad-discovery/sources': 'Which ad platforms discovery reads automatically',
  'GET /api/ad-discovery/active': 'Your ad discovery still queued or running, if any',
  'GET /api/ad-discovery/{taskId}': "An ad discovery's progress and result",
  'POST /api/competitors/{id}/discover-ads': "Discover a competitor's ads in Meta's Ad Library (background job)",
  'POST /api/brands/{id}/discover-all-ads': "Discover the ads of all of a brand's competitors (background job)",
  'GET /api/competitors/{id}/facebook-pages':
    "The Facebook pages advertising under a competitor's name, with their ad counts, to choose its own",
  'PUT /api/competitors/{id}/facebook-page':
    "Choose a competitor's Facebook page (id, page address or Ad Library link): its ads are read from it only",
  'POST /api/brands/{id}/own-ads':
    "Add the brand's own row beside its competitors, to choose its Facebook page and discover its own ads",
  'GET /api/brands/{id}/ad-market-coverage':
    "What Meta's Ad Library API returns in each of a brand's ad markets: every ad in the EU, elsewhere political and issue ads",
  'GET /api/tiktok-ads/source': "Whether TikTok's Commercial Content API is available on this server, and its coverage",
  'GET /api/competitors/{id}/tiktok-advertisers':
    "The TikTok advertisers found under a competitor's name, to choose its own (stores nothing)",
  'PUT /api/competitors/{id}/tiktok-advertiser': "Choose a competitor's TikTok advertiser by its business id",
  'POST /api/competitors/{id}/discover-tiktok-ads':
    "Discover a competitor's TikTok ads shown in the EU (background job)",
  'GET /api/tiktok-discovery/{taskId}': "A TikTok ad discovery's progress and result",
  'GET /api/brands/{id}/ad-changes':
    "What changed in each competitor's ads since the previous comparison: ads started, stopped, new messages",
  'POST /api/competitors/{id}/ad-changes': "Compare a competitor's ads with the previous comparison now",
  'GET /api/ad-library': "List a brand's competitor ads (by competitor, platform, Meta media type or placement)",
  'POST /api/ad-library': 'Add an ad by hand',
  'PUT /api/ad-library/{id}': 'Update an ad',
  'DELETE /api/ad-library/{id}': 'Delete an ad',
  'POST /api/ad-library/import': 'Import ads from a CSV file with a column mapping',
  'GET /api/admin/outbox': 'Administrators: the mail outbox',
  'GET /api/admin/outbox/{id}': 'Administrators: one outbox message',
  'GET /api/admin/outbox/{id}/eml': 'Administrators: one outbox message as an .eml file',
  'GET /api/audits': 'List your audits, newest first',
  'POST /api/audits': 'Start an audit of a brand (background job)',
  'GET /api/audits/score-history': "Each brand's scores over its completed audits, with coverage",
  'GET /api/audits/{id}': "An audit's progress, scores, checks and report",
  'POST /api/audits/{id}/pdf': 'Download the audit report as a PDF',
  'POST /api/audits/{id}/share': 'Share the audit report by link',
  'DELETE /api/audits/{id}/share': 'Stop sharing the audit report (the old link stops working)',
  'GET /api/audits/{id}/marketing-recommendations': "An audit's saved marketing recommendations",
  'POST /api/audits/{id}/marketing-recommendations':
    'Generate marketing recommendations and action items from an audit',
  'POST /api/audits/{id}/marketing-recommendations/pdf': 'Download the marketing recommendations as a PDF',
  'POST /api/audits/{id}/marketing-recommendations/share': 'Share the marketing recommendations by link',
  'DELETE /api/audits/{id}/marketing-recommendations/share': 'Stop sharing the marketing recommendations',
  'GET /api/auth/providers': 'The sign-in methods this server offers',
  'GET /api/auth/user': 'The signed-in user, their plan and remaining audits',
  'GET /api/login': 'Sign in with Replit (browser redirect)',
  'GET /api/callback': 'Replit sign-in callback',
  'GET /api/auth/google': 'Sign in with Google (browser redirect)',
  'GET /api/auth/google/callback': 'Google sign-in callback',
  'GET /api/logout': 'The Sign Out page',
  'POST /api/logout': 'Sign out',
  'GET /api/dev-switch': 'Development sign-in as any e-mail (not in production)',
  'GET /api/billing/config': 'How this server takes payments',
  'POST /api/create-payment-intent': 'Start the Starter one-off payment',
  'POST /api/get-or-create-subscription': 'Start or resume an SMB or Agency subscription checkout',
  'POST /api/check-payment-status': 'Check a returned payment with the payment provider',
  'GET /api/subscription-details': 'Your plan, subscription and usage',
  'POST /api/cancel-subscription': 'Cancel the subscription at the end of its period',
  'POST /api/reactivate-subscription': 'Undo a pending cancellation',
  'POST /api/demo-billing/confirm': 'Confirm the test checkout (demo billing only)',
  'POST /api/stripe/webhook': "Stripe's signed webhook events",
  'GET /api/brands': 'List your brands',
  'POST /api/brands': 'Create a brand',
  'GET /api/brands/{id}': 'A brand',
  'PATCH /api/brands/{id}': 'Update a brand',
  'DELETE /api/brands/{id}': 'Delete a brand and everything under it',
  'POST /api/upload': 'Upload a logo or brand asset (images and PDF, up to 10 MB)',
  'GET /api/uploads/{key}': 'An uploaded file of yours',
  'GET /api/brands/{id}/insight-sources': "A brand's consumer insight sources",
  'POST /api/brands/{id}/insight-sources': 'Add a feed or review page as an insight source (it is fetched to check it)',
  'DELETE /api/brands/{id}/insight-sources/{sourceId}': 'Remove an insight source',
  'GET /api/consumer-insights':
    "A page of a brand's mentions (consumer insights), searched and filtered, newest, oldest or most engaged first",
  'GET /api/consumer-insights/summary':
    "Figures for a brand's mentions matching the filters: sentiments, volume by day with spikes, share of voice, top sources",
  'GET /api/consumer-insights/export.csv': "Download a brand's mentions matching the filters as a CSV file",
  'PATCH /api/consumer-insights/{id}/sentiment':
    "Correct a mention's sentiment: the person's label is kept (with the engine's beside it) and counted everywhere",
  'POST /api/consumer-insights': 'Add consumer feedback by hand (its sentiment is analysed)',
  'DELETE /api/consumer-insights/{id}': 'Delete a consumer insight',
  'PATCH /api/consumer-insights/{id}/relevance':
    'Mark a consumer insight as not about its brand (isRelevant false) or restore it (true)',
  'GET /api/brands/{id}/relevance-terms': "A brand's and its competitors' required and excluded terms for mentions",
  'PUT /api/brands/{id}/relevance-terms':
    "Set a brand's required and excluded terms (stored mentions are scored again)",
  'PUT /api/competitors/{id}/relevance-terms':
    "Set a competitor's required and excluded terms (stored mentions are scored again)",
  'GET /api/brands/{id}/mention-sources':
    "A brand's listening sources (news, Hacker News, Mastodon, app stores...): on or off, what each needs, health",
  'PUT /api/brands/{id}/mention-sources/{kind}':
    "Turn one of a brand's listening sources on or off, or set its hashtags or app ids",
  'GET /api/competitors/{id}/mention-sources': "A competitor's listening sources: on or off, what each needs, health",
  'PUT /api/competitors/{id}/mention-sources/{kind}':
    "Turn one of a competitor's listening sources on or off, or set its hashtags or app ids",
  'POST /api/consumer-insights/discover': "Discover new insights from a brand's sources (background job)",
  'POST /api/consumer-insights/discover-competitor': "Discover insights about a brand's competitors (background job)",
  'GET /api/consumer-insights/discoveries/active': 'Your insight discovery still queued or running, if any',
  'GET /api/consumer-insights/discoveries/{taskId}': "An insight discovery's progress and result",
  'GET /api/consumer-insights/competitor-discoveries/{taskId}': "A competitor insight discovery's progress and result",
  'POST /api/consumer-insights/import': 'Import reviews or survey answers from a CSV file (background job)',
  'GET /api/consumer-insights/imports/{taskId}': "A CSV import's progress and the rows it refused",
  'POST /api/consumer-insights/pdf': "Download a brand's consumer insights report as a PDF",
  'POST /api/consumer-insights/email': "E-mail a brand's consumer insights report",
  'GET /api/sentiment-reports': "List a brand's sentiment reports",
  'POST /api/sentiment-reports': 'Generate a daily, weekly or monthly sentiment report',
  'POST /api/sentiment-reports/pdf': 'Download a sentiment report as a PDF',
  'GET /api/competitors': "List a brand's competitors",
  'POST /api/competitors': 'Add a competitor',
  'PUT /api/competitors/{id}': 'Update a competitor',
  'DELETE /api/competitors/{id}': 'Remove a competitor and its ads',
  'GET /api/competitor-tracking/summary': "Figures for a brand's competitor tracking",
  'POST /api/competitors/{id}/page-snapshots': "Check a competitor's pages for changes now",
  'GET /api/competitors/{id}/page-changes': "Changes seen on a competitor's pages",
  'GET /api/competitor-reports': "List a brand's competitive analysis reports",
  'POST /api/competitor-reports': 'Generate a competitive analysis report',
  'POST /api/competitors/pdf': 'Download a competitive analysis report as a PDF',
  'POST /api/email-competitive-analysis': 'E-mail the latest competitive analysis',
  'GET /api/reports/{token}': 'A shared audit report (public, by its link)',
  'GET /api/reports/{token}/pdf': 'A shared audit report as a PDF (public)',
  'GET /api/reports/{token}/logo': "A shared report's brand logo (public)",
  'GET /api/reports/{token}/branding-logo': "A shared report's white-label logo (public)",
  'GET /api/marketing-recommendations/share/{token}': 'Shared marketing recommendations (public, by their link)',
  // Settings, team and support (issue 12).
  'PATCH /api/profile': 'Update your name and e-mail',
  'POST /api/email-reports/{id}/send':
    'Send a report to its recipients now, once per requestId (recorded as its last send)',
  'POST /api/email-reports/{id}/preview': 'E-mail a preview of a report to yourself only',
  'GET /api/email-reports/unsubscribe':
    "The unsubscribe page of a scheduled report's recipient link (public, by its signed link)",
  'POST /api/email-reports/unsubscribe':
    'Stop sending a scheduled report to one recipient, from their signed link (public)',
  'GET /api/notification-settings': 'Your e-mail notification settings',
  'PUT /api/notification-settings': 'Save your e-mail notification settings',
  'GET /api/notifications': 'The notifications bell: finished audits, discoveries, imports and exports, newest first',
  'POST /api/notifications/read-all': 'Mark every notification read (for you only)',
  'POST /api/notifications/{id}/read': 'Mark one notification read (for you only)',
  'GET /api/notifications/unsubscribe':
    'The unsubscribe page of a notification e-mail link (public, by its signed link)',
  'POST /api/notifications/unsubscribe': 'Turn off one kind of notification e-mail from its signed link (public)',
  'GET /api/team-membership': 'The agency whose team you work in, if any',
  'DELETE /api/account': 'Delete your account and everything it owns, after a typed confirmation',
  'GET /api/account/export': 'The state of your latest data export, with its download link when ready',
  'POST /api/account/export': 'Start a zip export of everything your account holds (background job)',
  'GET /api/account/export/{id}/download': 'Download a finished data export as a zip file',
  'GET /api/team-members': "Your agency's team members",
  'POST /api/team-members': 'Add a team member by e-mail',
  'DELETE /api/team-members/{memberEmail}': 'Remove a team member (their access ends at once)',
  'POST /api/support/contact': 'Send a message to support',
  'GET /api/admin/support-messages': 'Administrators: the support inbox',
  'PATCH /api/admin/support-messages/{id}': "Administrators: change a support message's status or priority",
  // White label.
  'GET /api/white-label-settings': 'Your white-label settings, or the defaults when none are saved',
  'POST /api/white-label-settings': 'Save your white-label settings (Agency)',
  'GET /api/marketing-recommendations/share/{token}/branding-logo':
    "Shared marketing recommendations' white-label logo (public)",
  'GET /api/white-label-logos/{key}': "A white label's logo as PNG, for e-mails (public)",
  // Scheduled e-mail reports.
  'GET /api/email-reports': 'Your scheduled e-mail reports, with their next and last sends',
  'POST /api/email-reports': 'Schedule an e-mail report',
  'PUT /api/email-reports/{id}': 'Change a scheduled e-mail report (its next send is worked out again)',
  'DELETE /api/email-reports/{id}': 'Delete a scheduled e-mail report',
};

/** The route's written summary, or null when it has none. */
export function writtenSummaryOf(route: Pick<ApiRoute, 'method' | 'url' | 'schema'>): string | null {
  return route.schema.summary ?? routeSummaries[`${route.method} ${openApiPath(route.url)}`] ?? null;
}

export function summaryOf(route: ApiRoute): string {
  return writtenSummaryOf(route) ?? `${route.method} ${openApiPath(route.url)}`;
}
