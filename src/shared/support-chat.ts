/**
 * The live chat's scripted answers (SPEC §2 Live chat dialog): a reply chosen by keyword, sent
 * 1.5 seconds after the question. Every answer describes what Brandlens really does; anything the
 * keywords do not cover is handed to a person through the contact form.
 */
import { AGENCY_MINIMUM_COMMITMENT_MONTHS, AGENCY_TEAM_LIMIT, plans, TRIAL_DAYS } from './plans.ts';

export const SUPPORT_CHAT_REPLY_DELAY_MS = 1500;

/** Offered only until the visitor has sent something. */
export const supportQuickQuestions = [
  'How do I start a brand audit?',
  "What's included in the Agency plan?",
  'How do I add competitors?',
  'I need help with my account.',
] as const;

export type SupportChatTopic = 'brandAudit' | 'plans' | 'competitors' | 'account' | 'other';

/** Checked in this order; the first topic with a keyword in the question answers it. */
const topicKeywords: [SupportChatTopic, string[]][] = [
  ['brandAudit', ['brand audit']],
  ['plans', ['agency', 'plan', 'pricing']],
  ['competitors', ['competitor', 'tracking']],
  ['account', ['account', 'settings']],
];

export function supportChatTopic(question: string): SupportChatTopic {
  const text = question.toLowerCase();
  const match = topicKeywords.find(([, keywords]) => keywords.some((keyword) => text.includes(keyword)));
  return match?.[0] ?? 'other';
}

const { agency, smb, starter } = plans;

const answers: Record<SupportChatTopic, string> = {
  brandAudit:
    'Open Brand Audit from the menu and add your brand with its website and social media handles. Then select the brand and press Start Audit: Brandlens checks your website (SEO, accessibility and tone), your social media and your brand assets, and opens the report with your scores and recommendations when it is ready.',
  plans: `The ${agency.name} plan is £${agency.price} a month with a ${TRIAL_DAYS}-day free trial: unlimited brands, every feature, white-label reports, API access, a team of up to ${AGENCY_TEAM_LIMIT} members, priority support and advanced analytics, with a ${AGENCY_MINIMUM_COMMITMENT_MONTHS}-month minimum commitment. ${smb.name} is £${smb.price} a month for up to ${smb.limits.brands} brands, and ${starter.name} is £${starter.price} once to try everything on one brand. You can compare and change plans in Settings under Subscription.`,
  competitors:
    "Open Competitor Tracking, choose your brand and press Add Competitor, then enter the competitor's name and website. Add their ads by hand or from a CSV file (or discover them from Meta's Ad Library where it is connected), then generate a competitive report that compares them with your brand.",
  account:
    'In Settings you can change your name and e-mail address, manage your subscription and choose which e-mails Brandlens sends you. If something there does not work as it should, tell our team through the contact form and we will reply within 24 hours.',
  other:
    'I can answer questions about brand audits, plans and pricing, competitor tracking and your account. For anything else, a member of our team can help: send them a message and they will reply within 24 hours.',
};

export type SupportChatReply = {
  topic: SupportChatTopic;
  text: string;
  /** The fallback answer offers the contact form, where a person answers. */
  offersHumanAgent: boolean;
};

export function supportChatReply(question: string): SupportChatReply {
  const topic = supportChatTopic(question);
  return { topic, text: answers[topic], offersHumanAgent: topic === 'other' };
}

export const SUPPORT_CHAT_GREETING =
  "Hi! I'm the Brandlens assistant. Ask me about brand audits, plans and pricing, competitor tracking or your account.";
