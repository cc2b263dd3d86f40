/**
 * The phrase lists behind the advertising intelligence. Each is a transparent list of patterns
 * matched in the ad's own words (title, text, landing-page title and recorded call to action), so
 * a reader can see why an ad was counted. Matching is case-insensitive on word boundaries.
 */

export type Cue = { label: string; pattern: RegExp };

const cue = (label: string, source: string): Cue => ({ label, pattern: new RegExp(`\\b(?:${source})\\b`, 'i') });

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

export type PatternCue = { pattern: string; label: string; cues: Cue[] };

/** Messaging patterns: each a list of cues, an ad using any of them counts once. */
export const messagingPatterns: PatternCue[] = [
  {
    pattern: 'price',
    label: 'Price and discounts',
    cues: [
      cue('% off', '\\d+ ?% off'),
      cue('sale', 'sale'),
      cue('save', 'save|saving'),
      cue('discount', 'discount(?:ed|s)?'),
      cue('deal', 'deals?'),
      cue('offer', 'offers?'),
      cue('half price', 'half price'),
      cue('from £', 'from £ ?\\d+'),
      cue('cheap / low price', 'cheap(?:est)?|low(?:est)? prices?|affordable|best price'),
      cue('free delivery', 'free (?:delivery|shipping|postage)'),
    ],
  },
  {
    pattern: 'quality',
    label: 'Quality and craft',
    cues: [
      cue('quality', '(?:high|top|premium|finest) quality|quality'),
      cue('handmade / crafted', 'hand ?made|hand ?crafted|crafted|artisan'),
      cue('premium', 'premium|luxury|finest'),
      cue('expert', 'experts?|expertly|specialists?'),
      cue('award-winning', 'award[- ]winning'),
      cue('made to last', 'made to last|built to last|durable'),
    ],
  },
  {
    pattern: 'urgency',
    label: 'Urgency and scarcity',
    cues: [
      cue('limited time', 'limited[- ]time|for a limited'),
      cue('today only', 'today only|this weekend only|only today'),
      cue('ends soon', 'ends (?:soon|tonight|today|tomorrow|sunday|monday|midnight)'),
      cue('last chance', 'last chance|final (?:days|hours)'),
      cue('hurry', "hurry|don[’']t miss(?: out)?"),
      cue('while stocks last', 'while (?:stocks|supplies) last|selling fast|only \\d+ left|limited stock'),
    ],
  },
  {
    pattern: 'social_proof',
    label: 'Social proof',
    cues: [
      cue('reviews / rated', 'reviews?|rated'),
      cue('stars', '[1-5](?:\\.\\d)?[- ]stars?|five[- ]star'),
      cue('trusted by', 'trusted by|loved by|chosen by|join (?:over )?[\\d,]+'),
      cue('customers count', '[\\d,]+\\+? (?:happy )?(?:customers|clients|members|users)'),
      cue('best-seller', 'best[- ]?sell(?:er|ing)'),
      cue('as seen on / in', 'as seen (?:on|in)'),
    ],
  },
  {
    pattern: 'convenience',
    label: 'Convenience',
    cues: [
      cue('fast delivery', '(?:next|same)[- ]day|fast delivery|delivered (?:to your door|tomorrow)'),
      cue('easy', 'easy|easily|simple|hassle[- ]free'),
      cue('in minutes', 'in (?:minutes|seconds)|\\d+ minutes'),
      cue('online / from home', 'from (?:home|your sofa)|online booking|book online'),
      cue('24/7', '24/7|any ?time'),
    ],
  },
  {
    pattern: 'sustainability',
    label: 'Sustainability',
    cues: [
      cue('sustainable / eco', 'sustainab(?:le|ly|ility)|eco[- ]friendly|eco'),
      cue('recycled', 'recycl(?:ed|able)|plastic[- ]free|zero waste'),
      cue('organic', 'organic'),
      cue('carbon', 'carbon[- ](?:neutral|negative)|net zero'),
      cue('planet', 'planet|ethically sourced|ethical'),
    ],
  },
  {
    pattern: 'novelty',
    label: 'Novelty',
    cues: [
      cue(
        'new',
        'new (?:in|season|collection|range|arrivals?|look|menu|flavours?|products?|design)|brand[- ]new|all[- ]new',
      ),
      cue('introducing / launch', 'introducing|launch(?:ed|ing)?|just (?:landed|dropped|arrived)'),
      cue('first ever', 'first[- ]ever|world[- ]first'),
    ],
  },
  {
    pattern: 'guarantee',
    label: 'Guarantees and risk reversal',
    cues: [
      cue('guarantee', 'guarantee(?:d)?'),
      cue('free returns', 'free returns|easy returns'),
      cue('money back', 'money[- ]back|refund'),
      cue('cancel anytime', 'cancel any ?time|no commitment|no contract'),
    ],
  },
];

/** The labels of a cue list, for the report's "how it is counted". */
export const cueLabels = (cues: Cue[]) => cues.map((entry) => entry.label);

/** The cues of a list that the text matches. */
export function matchedCues(cues: Cue[], text: string): Cue[] {
  return text ? cues.filter((entry) => entry.pattern.test(text)) : [];
}
