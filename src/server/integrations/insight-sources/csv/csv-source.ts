/**
 * A CSV row's source column ("Google", "Trustpilot", "In-store survey", "Instagram") read as what
 * kind of insight the row is and where it came from. Known places give both (Trustpilot is a
 * review site: source reviews, platform "Trustpilot"); a value naming only a kind ("Survey",
 * "Reviews") gives the kind; anything else is kept as the platform, as written (cleaned: white
 * space collapsed, control characters removed, 100 characters at most), and the row keeps the
 * kind chosen for the whole file.
 */
import type { TInsightSource } from '../../../../shared/schemas/insights.ts';
import { storableText } from '../../../db/storable.ts';
import { squash, withoutControlCharacters } from '../text.ts';

export type CsvSource = { source: TInsightSource | null; platform: string | null };

type Known = { source: TInsightSource; platform: string | null };

const PLACES: Record<string, Known> = {};
const add = (source: TInsightSource, platform: string | null, ...names: string[]) => {
  for (const name of names) PLACES[name] = { source, platform };
};
add('reviews', 'Google', 'google', 'google reviews', 'google review', 'google maps', 'google my business', 'gmb');
add('reviews', 'Trustpilot', 'trustpilot', 'trust pilot');
add('reviews', 'Tripadvisor', 'tripadvisor', 'trip advisor');
add('reviews', 'Yelp', 'yelp');
add('reviews', 'Amazon', 'amazon', 'amazon reviews');
add('reviews', 'Feefo', 'feefo');
add('reviews', 'Reviews.io', 'reviewsio', 'reviews io');
add('reviews', 'OpenTable', 'opentable', 'open table');
add('reviews', 'Booking.com', 'booking', 'bookingcom', 'booking com');
add('reviews', 'Airbnb', 'airbnb');
add('reviews', 'Checkatrade', 'checkatrade');
add('reviews', 'Etsy', 'etsy');
add('reviews', 'App Store', 'app store', 'apple app store');
add('reviews', 'Google Play', 'google play', 'play store');
add('social_media', 'Facebook', 'facebook', 'fb');
add('social_media', 'Instagram', 'instagram', 'ig');
add('social_media', 'X (Twitter)', 'twitter', 'x', 'x twitter', 'twitter x');
add('social_media', 'TikTok', 'tiktok', 'tik tok');
add('social_media', 'LinkedIn', 'linkedin');
add('social_media', 'YouTube', 'youtube');
add('social_media', 'Reddit', 'reddit');
add('social_media', 'Threads', 'threads');
add('social_media', 'Mastodon', 'mastodon');
add('social_media', 'Bluesky', 'bluesky', 'bsky');
add('social_media', 'Pinterest', 'pinterest');
add('social_media', null, 'social', 'social media', 'socials');
add('surveys', 'Typeform', 'typeform');
add('surveys', 'SurveyMonkey', 'surveymonkey', 'survey monkey');
add('surveys', 'Google Forms', 'google forms', 'google form');
add('surveys', 'Qualtrics', 'qualtrics');
add('surveys', null, 'survey', 'surveys', 'nps', 'nps survey', 'questionnaire', 'poll');
add('feedback', null, 'feedback', 'customer feedback', 'comment', 'comments');
add('feedback', 'E-mail', 'email', 'e mail', 'mail');
add('feedback', 'Phone', 'phone', 'telephone', 'call');
add('feedback', 'Contact form', 'contact form', 'feedback form', 'web form', 'website form');
add('feedback', 'Support ticket', 'support', 'support ticket', 'helpdesk', 'help desk');
add('feedback', 'Zendesk', 'zendesk');
add('feedback', 'Intercom', 'intercom');
add('feedback', 'In person', 'in person', 'in store', 'in-store', 'face to face');
add('reviews', null, 'review', 'reviews', 'online review', 'online reviews');

const keyOf = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A source column's value as the row's kind and platform (see above). */
export function csvSourceOf(value: string | null | undefined): CsvSource {
  const text = squash(withoutControlCharacters(storableText(value ?? '')));
  if (!text) return { source: null, platform: null };
  const known = PLACES[keyOf(text)];
  if (known) return { source: known.source, platform: known.platform };
  // "In-store survey", "Post-visit survey (March)": a survey, named as the file names it
  if (/\bsurvey/i.test(text)) return { source: 'surveys', platform: text.slice(0, 100) };
  if (/\breviews?\b/i.test(text)) return { source: 'reviews', platform: text.slice(0, 100) };
  return { source: null, platform: text.slice(0, 100) };
}
