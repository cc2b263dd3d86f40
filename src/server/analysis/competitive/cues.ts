/**
 * The phrase lists behind the advertising intelligence. Each is a transparent list of patterns
 * matched in the ad's own words (title, text, landing-page title and recorded call to action), so
 * a reader can see why an ad was counted. Matching is on normalised text, whole words only (see
 * cue.ts); the messaging patterns are in messaging-cues.ts.
 */

import { type Cue, cue } from './cue.ts';

/** Imperative calls to action, each counted once per ad. */
export const callsToAction: Cue[] = [
  cue('Shop now', 'shop (?:now|today|online|the (?:sale|range|collection))'),
  cue('Buy now', 'buy (?:now|today|online)'),
  cue('Order now', 'order (?:now|today|online|yours|your)'),
  cue('Book now', 'book (?:now|today|online|a|an|your|in)'),
  cue('Sign up', 'sign up|signup'),
  cue('Subscribe', 'subscribe(?: now| today)?'),
  cue('Get a quote', 'get (?:a |your )?(?:free )?quote'),
  cue('Learn more', 'learn more|find out more|discover more|read more'),
  cue('Call us', 'call (?:us|now|today)'),
  cue('Contact us', 'contact us|get in touch|message us|send (?:us )?a message'),
  cue('Download', 'download(?: now| the app| today)?'),
  cue('Install now', 'install (?:now|the app|today)'),
  cue('Try free', 'try (?:it )?(?:for )?free|start (?:your |a )?free trial|free trial'),
  cue('Get started', 'get started|start (?:now|today)'),
  cue('Apply now', 'apply (?:now|today|online)'),
  cue('Register', 'register (?:now|today|online|your interest)'),
  cue('Claim offer', 'claim (?:your |the )?(?:offer|discount|deal)|get (?:the |this |your )?offer'),
  cue('Donate', 'donate(?: now| today)?'),
  cue('Watch now', 'watch (?:now|more|the video)'),
  cue('Visit us', 'visit (?:us|our (?:store|shop|showroom|website))'),
];

export type AudienceCue = { audience: string; cues: Cue[] };

/** Who an ad speaks to, from the words it uses. */
export const audienceCues: AudienceCue[] = [
  {
    audience: 'Families',
    cues: [
      cue('for families', 'for (?:the )?(?:whole )?famil(?:y|ies)'),
      cue('parents', 'parents|mums|dads'),
      cue('kids', 'kids|children'),
    ],
  },
  {
    audience: 'Students',
    cues: [cue('students', 'students?|student discount'), cue('university', 'uni|university|graduates')],
  },
  {
    audience: 'Small businesses',
    cues: [
      cue('small business', 'small business(?:es)?|smes?'),
      cue('entrepreneurs', 'entrepreneurs|founders|sole traders'),
    ],
  },
  {
    audience: 'First-time buyers',
    cues: [cue('first-time buyers', 'first[- ]time buyers?'), cue('first home', 'first home')],
  },
  {
    audience: 'Professionals',
    cues: [cue('professionals', '(?:busy |working )?professionals'), cue('teams', 'for teams|your team')],
  },
  {
    audience: 'Older adults',
    cues: [cue('over 50s / 60s', 'over (?:50|60|65)s'), cue('retirees', 'retirees|retired|seniors|pensioners')],
  },
  { audience: 'Pet owners', cues: [cue('pet owners', 'pet owners|dog owners|cat owners|your (?:dog|cat|pet)')] },
  { audience: 'New customers', cues: [cue('new customers', 'new customers?|first order|first purchase')] },
  { audience: 'Homeowners', cues: [cue('homeowners', 'homeowners?|your home')] },
];

export { type Cue, cueLabels, cuesInNormalText, matchedCues, normaliseAdText } from './cue.ts';
export { messagingPatterns, type PatternCue } from './messaging-cues.ts';
