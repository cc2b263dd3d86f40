/**
 * The messaging patterns: each a class of message (price, quality and craft, urgency...) with the
 * phrase groups that recognise it. A finding that no ad uses a class is only as true as these
 * lists are wide, so each group covers a class's vocabulary by stems and word families (with
 * their inflections), not by single example phrases. Patterns are written against normalised ad
 * text (see `normaliseAdText`): lower case, straight quotes, hyphens as spaces, so `hand ?made`
 * matches "handmade", "hand-made" and "Hand made". `tests/fixtures/ad-messaging-phrasings.ts`
 * holds the real-world phrasings (and near misses) every class is tested against.
 */
import { type Cue, cue } from './cue.ts';

export type PatternCue = { pattern: string; label: string; cues: Cue[] };

const DAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day';
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const SMALL_NUMBER = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a few|a handful of|a couple of)';
const UNIT_OF_TIME = '(?:hours?|hrs?|days?|weeks?|nights?|minutes?|mins?)';
const MAKING =
  '(?:made|built|crafted|finished|stitched|sewn|knitted|woven|poured|painted|printed|carved|forged|thrown|' +
  'baked|roasted|brewed|distilled|blended|cut|turned|dyed|bound|assembled|shaped|glazed|cured|smoked|' +
  'designed|produced|created|prepared|packed|grown|tailored|upholstered|framed|engraved|embroidered)';
const HAND_VERB =
  '(?:made|crafted|craft|finished|finish|built|build|stitched|stitch|sewn|sewed|sew|knitted|knit|woven|weave|' +
  'thrown|poured|pour|painted|paint|printed|print|carved|carve|turned|forged|tied|dyed|cut|picked|blown|' +
  'bound|assembled|glazed|embroidered|tooled|rolled|decorated|lettered|drawn|illustrated|selected|sanded|' +
  'polished|shaped|raised|spun|loomed|pressed|mixed|iced|piped|wrapped|packed|numbered|signed|inspected|' +
  'checked|sourced|baked|tufted|hemmed|smocked|quilted|beaded|set|stamped|marbled|dipped|roasted|' +
  'dye|dyes|tie|ties|throw|throws|turn|turns|bind|binds|carve|carves|forge|forges|weave|weaves|blow|knot|' +
  'knotted|make|makes|roll|rolls|glaze|glazes|letter|draw|draws|shape|shapes|mix|mixes|bake|bakes)';
const WORKPLACE =
  '(?:workshops?|studios?|atelier|bakery|bakehouse|kitchen|forge|workroom|roastery|pottery|mill|tannery|' +
  'brewery|distillery|barn|shed|garage|factory|dairy|farm|smokehouse|print room|sewing room|cellar|' +
  'micro ?bakery|micro ?brewery|foundry|smithy|joinery|looms?|vineyard|orchard)';

const price: PatternCue = {
  pattern: 'price',
  label: 'Price and discounts',
  cues: [
    cue(
      '% off',
      '\\d+(?:\\.\\d+)? ?(?:%|per ?cent|percent) (?:off|discount|saving|cheaper|less)|(?:£|\\$|€) ?\\d+(?:\\.\\d+)? off|off rrp',
    ),
    cue(
      'sale',
      'sales?(?! (?:team|manager|enquiries|department|assistant))|clearance|markdowns?|reductions?|reduced|price (?:drop|cut)s?|(?:price|prices) (?:slashed|cut|down)',
    ),
    cue('save', 'save(?! (?:the date|time|lives|a life))|saves|saving|savings'),
    cue('discount', 'discount(?:s|ed)?|vouchers?|coupons?|promo(?: codes?)?|(?:use|with) code [a-z0-9]+|money off'),
    cue(
      'deal',
      'deals?(?! with)|bargains?|(?:special|great|exclusive|introductory|limited|launch|opening|weekly|summer|winter|spring|autumn|christmas|january|bundle|multi ?buy|this|our|an|the|best) offers?|offers? (?:on|of|end|ends|available|inside|for new|code)',
    ),
    cue(
      'half price',
      'half (?:price|off)|(?:buy|get) (?:one|1|two|2),? get (?:one|1|another|a second)(?: free| half price)?|bogof|(?:2|3|two|three) for (?:1|2|one|two)|\\d+ for (?:£|\\$|€) ?\\d+',
    ),
    cue(
      'from £',
      '(?:from|only|just|now|was|under|less than|starting at|for) (?:£|\\$|€) ?\\d+|(?:£|\\$|€) ?\\d+(?:\\.\\d\\d)? (?:each|per|a (?:month|week|day|head)|pp|only)',
    ),
    cue(
      'low price',
      "cheap(?:er|est)?|low(?:er|est)? (?:prices?|costs?|rates?)|affordabl[ey]|budget|(?:great|good|best|amazing|unbeatable|incredible|fantastic) value|value for money|best prices?|price match(?:ing)?|prices? (?:promise|freeze|frozen)|(?:can'?t|won'?t) be beaten|never knowingly undersold",
    ),
    cue(
      'free delivery',
      '(?:kids|children|under \\d+s?|dogs|students|seniors|pensioners) (?:eat|go|stay|travel|ride|get in|enter|play|drink) (?:for )?free|free (?:entry|admission|for (?:kids|children|under))|(?:get|claim|receive) (?:a |your )?(?:free|complimentary)|complimentary|free (?:delivery|shipping|postage|p ?& ?p|uk delivery|gift|gifts|sample|samples|consultation|quote|quotes|survey|fitting|installation|upgrade|dessert|drink|coffee)',
    ),
    cue(
      'pay later',
      'pay (?:monthly|later|in \\d+|in instalments)|interest free|0% (?:apr|finance)|finance available|klarna|clearpay|no (?:hidden )?(?:fees|charges|costs)',
    ),
  ],
};

const quality: PatternCue = {
  pattern: 'quality',
  label: 'Quality and craft',
  cues: [
    cue(
      'handmade',
      `hand ?${HAND_VERB}|(?:made|built|crafted|finished|stitched|sewn|painted|cut|carved|done|shaped|lettered|poured|knitted|bound|assembled) (?:entirely |all |wholly |each one |one at a time |lovingly |carefully )?by hand|by hand|handiwork|hand finish(?:ing)?`,
    ),
    cue(
      'crafted',
      'crafted|crafting|craftsm[ae]n(?:ship)?|craftspeople|craftsperson|craftswom[ae]n|workmanship|(?:expertly|lovingly|carefully|beautifully|skil?fully|thoughtfully|meticulously|finely|master|artfully) craft(?:ed)?|(?:our|true|real|traditional|proper|honest) craft|made with craft',
    ),
    cue(
      'artisan',
      'artisans?|artisanal|(?:independent|local|small|british|skilled|master) makers?|maker led|independent designers?',
    ),
    cue(
      'small-batch',
      'small ?batch(?:es)?|(?:in|by the) (?:small )?batch(?:es)?|limited (?:batch|run)(?:es|s)?|one (?:at a time|by one)|(?:made|brewed|roasted|baked|poured|produced|dyed|distilled|printed) in small (?:batches|runs|numbers|quantities)|micro ?batch(?:es)?',
    ),
    cue(
      'made in our workshop',
      `${MAKING} (?:[a-z']+ ){0,3}(?:in|at|from|on) (?:our|my|the|a) (?:own |family run |independent )?(?:[a-z']+ ){0,3}${WORKPLACE}|(?:our|my) (?:[a-z']+ ){0,2}(?:workshops?|atelier|forge|workroom|roastery|bakehouse|micro ?bakery|tannery|smokehouse|foundry|smithy|joinery|sewing room|print room)|(?:made|crafted|built|produced|baked|roasted|brewed|designed) (?:locally|in house|on site|on the premises|here|right here|in (?:britain|great britain|the uk|england|scotland|wales|northern ireland|ireland|cornwall|devon|yorkshire|the lake district|the cotswolds|the highlands|[a-z]+shire))|(?:british|uk|english|scottish|welsh|irish|cornish|locally|home) (?:made|crafted|built|produced|grown|baked)|homemade|home baked|from scratch|(?:family run|independent|local|little|tiny) ${WORKPLACE}|(?:\\d+|two|three|four|five|six) generations|(?:our|my) (?:own )?(?:[a-z]+ )?(?:knitters|seamstresses|tailors|weavers|potters|carpenters|joiners|cabinet makers|upholsterers|silversmiths|goldsmiths|blacksmiths|jewellers|cobblers|saddlers|glassblowers|bookbinders|printmakers|makers|bakers|butchers|roasters|brewers|artisans|craftspeople) (?:[a-z]+ )?(?:make|makes|made|sew|sews|knit|knits|stitch|stitches|craft|crafts|build|builds|weave|weaves|throw|carve|finish|bake|bakes|roast|roasts|brew|brews|shape|cut|hand)`,
    ),
    cue(
      'made to last',
      "(?:beautifully|well|expertly|properly|finely|thoughtfully|carefully|exquisitely|superbly|skil?fully|perfectly|honestly|solidly) (?:made|crafted|built|finished|designed|tailored|constructed|engineered|sewn|stitched)|made (?:properly|right|well|the (?:slow|old fashioned|traditional|proper|right) way)|done (?:properly|right)|(?:the )?slow way|slow(?:ly)? (?:made|cooked|roasted|fermented|brewed|baked|grown|crafted|dried|aged|proved|proofed)|slow fashion|made slowly|(?:no|not|never) mass (?:production|produced)|not made in a factory|(?:made|built|designed|crafted|engineered|constructed) to (?:last|endure|be handed down|outlast)|last(?:s|ing)? (?:a lifetime|for years|for decades|for generations|forever)|long ?lasting|durable|durability|hard ?wearing|heavy ?duty|heirlooms?|built tough|for life|will outlast|won'?t wear out|stands? the test of time|timeless",
    ),
    cue(
      'with care',
      `(?:${MAKING}|made|done|finished) (?:[a-z]+ ){0,2}with (?:love|care|pride|passion|skill|precision|patience|attention)|with (?:love|care) (?:and|&) (?:attention|skill|care|pride)|lovingly|painstakingly|meticulous(?:ly)?|attention to (?:detail|every detail)|detail(?:ed)? (?:oriented|focused)|care(?:fully)? (?:made|crafted|chosen|selected|sourced|finished)|precision (?:made|engineered|cut|built)|no (?:shortcuts|corners cut)|(?:never|don'?t) cut corners|every (?:single )?(?:stitch|seam|detail)|every (?:piece|one|item|bag|candle|loaf|cake|pair|garment|bottle|jar|bowl|mug|ring|chair|table|print|bar|box) (?:is|gets|we make|has been) (?:[a-z]+ )?(?:made|crafted|finished|checked|inspected|unique|different|individually|lovingly|carefully|hand|signed|numbered|one of a kind)`,
    ),
    cue(
      'we make every one',
      '(?:we|i) (?:still |personally |carefully |lovingly )?(?:hand ?)?(?:sew|stitch|knit|weave|carve|throw|pour|cut|bake|roast|brew|forge|build|craft|paint|bind|turn|dye|print|finish|shape|mould|mold|blow|bottle|glaze|distil|tailor|upholster|engrave|embroider|check|inspect)s? (?:(?:every|each) (?:single )?(?:stitch|one|piece|item|pair|bag|candle|cake|loaf|batch|order|garment|product|bottle|jar|bowl|mug|print|seam|board|chair|blade|bar|box|bouquet|card|ring|shoe|boot|frame|sofa|table)s?|(?:them|it|everything|each one|every one|all of (?:them|it)) (?:by hand|ourselves|myself|in house|here|from scratch|to order|in our|in my|one at a time|with care|with love))|(?:we|i) make (?:each|every|all|them|it|everything) (?:\\w+ )?(?:one|piece|item|pair|bag|candle|cake|loaf|batch|order|garment|product|ourselves|myself|by hand|in|here)|one of a kind|unique pieces?|no two (?:are|alike|the same)|bespoke|made to (?:measure|order)|tailor made|custom (?:made|built)|individually (?:made|crafted|finished|numbered|inspected)',
    ),
    cue(
      'quality',
      'qualit(?:y|ies)|top notch|first class|top grade|high grade|superior|exceptional|impeccable|exquisite|flawless|finest|fine (?:bone china|leather|jewellery|materials|fabrics|wines?|dining|art)|solid (?:oak|wood|walnut|ash|beech|brass|silver|gold|leather|steel)|full grain|top grain|genuine leather|(?:100% |pure )(?:cotton|wool|linen|silk|cashmere|merino|leather|alpaca|wood)|sterling silver|(?:9|14|18|22|24) ?(?:ct|carat|k) gold|the very best (?:ingredients|materials)|best (?:ingredients|materials)|(?:only |finest |carefully )?(?:sourced|selected) (?:ingredients|materials)|premium|luxury|luxurious|deluxe',
    ),
    cue(
      'expert',
      'experts?|expertly|expertise|specialists?|specialis(?:e|es|ing) in|skilled|skil?ful(?:ly)?|master (?:craftsm[ae]n|bakers?|tailors?|butchers?|carpenters?|jewellers?|roasters?|brewers?|chefs?|cobblers?|potters?|weavers?|joiners?|makers?|saddlers?|builders?|printers?|framers?|upholsterers?|distillers?|cheesemakers?|chocolatiers?|blenders?)|(?:\\d+|decades|years|generations|a lifetime) (?:years )?of (?:experience|expertise|know how|craft|skill|tradition|practice)|time honoured|(?:traditional|old fashioned|age old|heritage|classic) (?:methods?|techniques?|recipes?|craft|skills?|ways?|tools)|family recipe|(?:since|established|est|founded) (?:in )?(?:1[6-9]|20)\\d\\d|(?:fully|highly|expertly|professionally) (?:trained|qualified)|(?:trained|qualified) (?:staff|team|engineers?|electricians?|plumbers?|technicians?|therapists?|baristas?|stylists?|teachers?|instructors?|chefs?)|apprenticed|certified (?:technicians?|engineers?|installers?)',
    ),
    cue(
      'award-winning',
      'award ?winning|awards?|awarded|winner of|won (?:the|a|an|best|gold|silver|bronze)|gold (?:award|medal|standard)|great taste|michelin|rosette|royal warrant|by appointment',
    ),
  ],
};

const urgency: PatternCue = {
  pattern: 'urgency',
  label: 'Urgency and scarcity',
  cues: [
    cue(
      'limited time',
      'limited (?:time|period|offer|stock|availability|numbers|spaces?|places|quantities|quantity|supply|supplies|release|edition|run|drop)s?|strictly limited|for a (?:limited|short) (?:time|period|while)|while (?:it|they|this|the offer) lasts?|time limited|time sensitive',
    ),
    cue(
      'ends Sunday',
      `(?:offers?|sales?|deals?|discounts?|promo(?:tion)?s?|prices?|pricing|event|vouchers?|codes?|savings?|special) (?:[a-z]+ ){0,2}(?:ends?|ending|closes?|finish(?:es)?|expires?|stops?|runs? out)|(?:it|this|everything) (?:all )?(?:ends|expires|stops)|ends? (?:soon|tonight|today|tomorrow|at midnight|midnight|this (?:week|weekend|month|${DAY}|evening)|next ${DAY}|${DAY}|on ${DAY}|on the \\d|in ${SMALL_NUMBER} ${UNIT_OF_TIME}|\\d{1,2}(?:st|nd|rd|th)?(?: of)? ${MONTH})|ends? (?:at )?\\d{1,2}(?:[:.]\\d\\d)? ?(?:am|pm)|ends? (?:on )?(?:the )?\\d{1,2}(?:st|nd|rd|th)?|(?:ending|closing|closes|finishing|ends) (?:soon|shortly|tonight|today|tomorrow)|expir(?:es|ing) (?:soon|tonight|today|tomorrow|at|on|in)|(?:until|till|til|'til|valid until|valid till|runs? until|runs? till) (?:midnight|tonight|the end of|end of|stocks last|\\d{1,2}(?:st|nd|rd|th)? ${MONTH})|offer valid|before midnight|by midnight|(?:order|book|buy|shop) (?:by|before) (?:midnight|${DAY}|tomorrow|tonight|the \\d|\\d)`,
    ),
    cue(
      'today only',
      `(?:today|tomorrow|tonight|this weekend|${DAY}) (?:and|&|or) (?:today|tomorrow|tonight|${DAY}) only|(?:today|tonight|this weekend|this week|this month|${DAY}|\\d+ ${UNIT_OF_TIME}|one ${UNIT_OF_TIME}|two ${UNIT_OF_TIME}|this bank holiday|black friday|cyber monday) only|only (?:today|tonight|this weekend|this week|until|till|for (?:today|tonight|${SMALL_NUMBER} ${UNIT_OF_TIME}|one (?:day|week|weekend)|the weekend))|one day (?:sale|only|event|offer|special|flash)|(?:\\d+|twenty four|forty eight|seventy two|one|two|three) ?${UNIT_OF_TIME} (?:sale|flash sale|offer|deal|event|discount|countdown|special|only|window|promotion)|flash (?:sale|deal|offer)s?|(?:early bird|pre ?sale|presale) (?:offer|price|pricing|tickets?|discount|rate)s? (?:ends?|closes?|until|only)|early bird`,
    ),
    cue(
      'last chance',
      `last (?:chance|call|few (?:days|hours|left|remaining|spaces|places|tickets|pieces|units)|opportunity|orders? (?:for|before)|day (?:to|for)|days (?:to|of|for)|hours? (?:to|of|left)|week (?:to|of the)|minute)|final (?:days?|hours?|call|chance|reductions?|clearance|sale|countdown|weekend|week|few|orders?|stock)|(?:${SMALL_NUMBER}) ${UNIT_OF_TIME} (?:left|to go|remaining)|(?:days?|hours?) (?:left|to go)|countdown|closing down|everything must go|now or never|before (?:it'?s|they'?re|its|theyre) (?:gone|too late)|(?:it'?s|they'?re) nearly gone|once (?:it'?s|they'?re) gone|never to be repeated|won'?t be (?:repeated|restocked|back|around for long)|won'?t last|not (?:around|here) for long`,
    ),
    cue(
      'hurry',
      "hurry|rush (?:in|now|down|over)|be quick|quick,? (?:before|while)|act (?:now|fast|quickly|today)|don'?t (?:miss(?: out)?|delay|wait|leave it (?:too )?late|hang about|hesitate|be left out|get left behind|forget)|do not miss|(?:missing|miss) out|fomo|time is running out|running out|going fast|going quickly|grab (?:yours|one|it|them|a bargain|a seat|a spot|a place|a table) (?:now|today|quick|while|before|fast)|(?:book|order|buy|shop|grab|get|claim|reserve|secure) (?:[a-z]+ ){0,2}(?:now|today|early|quickly|fast) (?:before|while|to avoid|to secure|to beat|and save)|avoid disappointment|(?:to )?secure (?:your|a) (?:place|spot|space|table|seat|ticket|slot|booking)|prices? (?:go(?:es)? up|rise|rises|increases?|will increase) (?:on|from|after|at|soon|tomorrow|next|at midnight)|before prices? (?:go up|rise)|while you (?:still )?can",
    ),
    cue(
      'while stocks last',
      `while (?:stocks?|supplies|stock) lasts?|(?:only|just) ${SMALL_NUMBER} (?:[a-z]+ ){0,2}(?:left|remaining|available|in stock|to go)|${SMALL_NUMBER} (?:[a-z]+ ){0,2}(?:left in stock|left|remaining)(?! (?:at|on|turn))|selling (?:out )?(?:fast|quickly)|sell(?:s|ing)? out (?:fast|quickly|every)|(?:almost|nearly) (?:gone|sold out|full|fully booked|booked up)|(?:low|limited) (?:in )?stock|stock is (?:low|limited|running low)|(?:few|limited) (?:spaces|places|spots|tickets|seats|tables|slots|appointments) (?:left|remaining|available)|(?:spaces|places|spots|tickets|seats|tables|slots|appointments) (?:are )?(?:limited|filling (?:up )?fast|going fast)|(?:sold out|sell out) (?:last|every|in)|exclusive (?:drop|release)|only (?:a )?(?:limited|handful|few)|last (?:one|few|remaining|pieces?|units?|stock)|(?:when|once) (?:it'?s|they'?re) gone|before (?:it|they|we|stock) (?:sells?|sold|runs?|run) out`,
    ),
  ],
};

const socialProof: PatternCue = {
  pattern: 'social_proof',
  label: 'Social proof',
  cues: [
    cue(
      'reviews / rated',
      '"[^"]*(?:best|amazing|brilliant|fantastic|excellent|incredible|outstanding|perfect|wonderful|love|loved|superb|recommend|5 stars|five stars|delicious|stunning|gorgeous)[^"]*"|reviews?|reviewed|rated|ratings?|testimonials?|trustpilot|feefo|tripadvisor|google reviews|yelp|(?:rave|glowing) reviews',
    ),
    cue(
      'stars',
      '[1-5](?:\\.\\d)? ?★|[1-5](?:\\.\\d)? ?(?:out of 5 |/5 )?stars?|(?:five|four) stars?|[1-5](?:\\.\\d)? ?/ ?5|★+',
    ),
    cue(
      'trusted by',
      '(?:trusted|loved|chosen|used|relied on|recommended|backed|endorsed|worn|adored|praised) by|join (?:over |more than |the |our )?(?:[\\d,.]+k?|thousands|hundreds|millions)|(?:highly|widely|warmly) recommended|recommended|word of mouth',
    ),
    cue(
      'customers count',
      '[\\d,.]+k?\\+? (?:happy |satisfied |loyal |delighted |returning )?(?:customers|clients|members|users|families|businesses|people|orders|homes|diners|students|subscribers|followers|fans|buyers|guests|patients|owners|couples|schools|readers|sold)|(?:thousands|hundreds|millions|tens of thousands) of (?:happy |satisfied |loyal )?(?:customers|people|clients|families|users|members|fans|orders|homes)|(?:over|more than) [\\d,.]+k? (?:sold|served|happy|orders|delivered)',
    ),
    cue(
      'best-seller',
      "best ?sell(?:er|ers|ing)|most (?:popular|loved|wanted|ordered|requested)|(?:customer|fan|cult|crowd) favou?rites?|cult following|everyone(?:'?s| is) talking|(?:the )?talk of the town|back by popular demand|people love|(?:customers|clients|guests|regulars) (?:love|rave|adore|keep coming back)|favou?rite of",
    ),
    cue(
      'as seen on / in',
      "winners?:? (?:of )?(?:the )?(?:best|gold|silver|bronze|award|20\\d\\d)|award winners?|(?:20\\d\\d|multi|double|triple) award|finalists?|shortlisted|highly commended|as (?:seen|featured|heard) (?:on|in)|featured (?:in|on|by)|(?:voted|named|crowned) (?:the )?(?:best|number one|no ?1|#1|top)|number one|no\\.? ?1|#1|top rated|highest rated|award winning|don'?t (?:just )?take our word|(?:hear|see) what (?:our )?(?:customers|clients|people) (?:say|think)|(?:what|here'?s what) (?:our )?(?:customers|clients) (?:say|think)",
    ),
  ],
};

const convenience: PatternCue = {
  pattern: 'convenience',
  label: 'Convenience',
  cues: [
    cue(
      'fast delivery',
      '(?:next|same) day|(?:fast|quick|speedy|express|rapid|free)(?:,? (?:and )?[a-z]+)? (?:delivery|shipping|dispatch|service|turnaround|collection|installation)|delivered (?:to your door|tomorrow|free|in|straight|direct)|(?:to|at) your (?:door|doorstep|home|office)|doorstep|click (?:and|&|n) collect|dispatched (?:today|same day|within)|(?:delivery|ready) in (?:\\d+|under|less than)|(?:delivered|dispatched|ready|arrives?|with you|fitted|installed|done) (?:in|within) (?:\\d+|24|48|one|two) (?:hours|days|working days)',
    ),
    cue(
      'easy',
      'easy|easier|easiest|easily|simple|simply|simplest|effortless(?:ly)?|hassle free|stress free|fuss free|no (?:fuss|hassle|stress|queues?|waiting|waiting lists?|appointment needed|assembly|tools needed)|straightforward|made easy|in (?:one|a few|two|three|\\d+) (?:clicks?|taps?|steps?)|one click|pain free|painless',
    ),
    cue(
      'in minutes',
      '(?:done|finished|fitted|installed|ready|sorted|fixed|repaired|delivered|cleaned|serviced) (?:[a-z]+ ){0,2}(?:in|within) (?:under |less than |about |just )?(?:an?|one|half an|\\d+|a couple of|a few|two|three) (?:hours?|days?|minutes?|visits?|afternoon|morning|trip)|in (?:just |under |less than )?(?:\\d+ )?(?:minutes|seconds|mins)|(?:\\d+|a few|two|three|five|ten) (?:minutes?|mins?|seconds?)|quick (?:and easy|to (?:set up|install|use|book|order|make|cook|prepare))|ready (?:in|to (?:use|wear|eat|go|hang|fit|cook|drink|serve|plug in))|instant(?:ly)?|on the spot|while you wait|save time|time saving|saves you time',
    ),
    cue(
      'online / from home',
      "(?:home|local|doorstep|contactless|nationwide|uk wide|worldwide) (?:delivery|collection|service)s?|delivery available|we deliver|from (?:home|your sofa|the comfort of|your phone|anywhere)|(?:book|order|shop|buy|pay|manage) online|online (?:booking|ordering|shop|store)|(?:our|the) app|on (?:your|the) (?:phone|app)|on the go|we come to you|mobile (?:service|mechanic|hairdresser|groomer|barber|beautician|therapist)|home visits?|(?:we|we'?ll) (?:collect|deliver|install|fit|set it up|do the rest|handle)|free parking|nearby|on your doorstep|local collection",
    ),
    cue(
      '24/7',
      '24 ?/ ?7|24 hours|any ?time|open (?:late|early|(?:7|seven) days|every day|all day|on sundays|weekends|bank holidays)|(?:7|seven) days a week|every day of the week|around the clock|flexible (?:hours|booking|appointments|delivery|payment|plans?)|evenings? and weekends?|late night|convenien(?:t|ce|tly)|at a time that suits you|whenever (?:you|it suits)|wherever you (?:are|go)',
    ),
  ],
};

const sustainability: PatternCue = {
  pattern: 'sustainability',
  label: 'Sustainability',
  cues: [
    cue(
      'sustainable / eco',
      'sustainab(?:le|ly|ility)|eco(?: friendly| conscious| ?minded| warrior)?|environmental(?:ly)?(?: friendly)?|(?:the|our) environment|environment friendly|kinder to the (?:planet|earth|environment)|kind to the (?:planet|earth|environment)|low impact|green(?:er)? (?:choice|energy|alternative|living|future|way)|go green|climate|conscious(?:ly)? (?:made|fashion|living|consumer)',
    ),
    cue(
      'recycled',
      'recycl(?:ed|able|ing|e)|upcycl(?:ed|ing|e)|reusable|refill(?:able|s|ed)?|compostable|biodegradable|plastic free|zero waste|low waste|less waste|waste free|no waste|deadstock|offcuts|second ?hand|pre ?loved|pre ?owned|repairable|designed to be repaired|repair not replace|circular (?:economy|fashion|design)',
    ),
    cue(
      'organic',
      '(?:grown |made |produced )?without (?:pesticides|chemicals|plastic|palm oil|harsh chemicals)|(?:palm oil|pesticide|chemical) free|no (?:pesticides|plastic|palm oil|nasties|harsh chemicals|microplastics)|natural(?:ly)? (?:dyed|grown|sourced|derived)|organic(?:ally)?|natural (?:ingredients|materials|fibres|fabrics|dyes|products)|all natural|chemical free|pesticide free|free range|grass fed|locally (?:sourced|grown)|seasonal (?:produce|ingredients)|vegan|plant based|cruelty free|not tested on animals',
    ),
    cue(
      'carbon',
      'low(?:er)? (?:carbon|emissions?|impact|energy)|carbon (?:neutral|negative|positive|footprint|offset|zero|emissions)|net zero|co2|emissions|renewable|solar|electric (?:van|vans|vehicle|vehicles|fleet|bikes?)|by bike|wind (?:power|energy)',
    ),
    cue(
      'planet',
      '(?:save|protect|help|love|for|kinder to|better for|good for|care for|caring for|heal) (?:the |our )?(?:planet|earth)|planet (?:friendly|first|positive)|ethical(?:ly)?(?: sourced| made| produced)?|responsibly (?:sourced|made|produced)|fair ?trade|b ?corp|fsc|living wage|give(?:s)? back|tree planted|plant(?:s|ing)? (?:a )?trees?|every order plants|wildlife|bee friendly|biodiversity|rewild(?:ing)?|ocean (?:plastic|friendly|clean ?up)',
    ),
  ],
};

const novelty: PatternCue = {
  pattern: 'novelty',
  label: 'Novelty',
  cues: [
    cue(
      'new',
      "new ?[:!]|^new (?!customers?|clients?|members?|year)|(?:new|newest|latest|fresh) (?:in|season|collection|range|arrivals?|look|menu|flavours?|products?|designs?|release|drop|edition|model|line|styles?|colou?rs?|colourways?|scents?|recipes?|dishes|stock|treatments?|services?|locations?|branch|shop|store|studio|website|app|feature|version|classes|courses|season|spring|summer|autumn|winter)|brand new|all new|newly (?:opened|launched|refurbished|renovated|added|released)|new for (?:20\\d\\d|spring|summer|autumn|winter|this)|newness|what'?s new",
    ),
    cue(
      'introducing / launch',
      'introducing|meet (?:the|our) (?:new|latest)|launch(?:ed|es|ing)?|(?:just|now|finally) (?:launched|landed|dropped|arrived|opened|released|here|available|open|live)|just in(?! time)|now (?:open|available|in stock|live|on sale|stocking|taking bookings)|coming soon|sneak peek|first look|debut(?:s|ing)?|premiere|unveil(?:s|ed|ing)?|grand opening|opening (?:soon|day|night|weekend)|hot off the (?:press|presses)|out now|reimagined|revamped|re ?designed|upgraded|innovative|innovation|reinvented',
    ),
    cue(
      'first ever',
      'first ever|world first|uk first|a first for|never (?:before )?seen|(?:the )?first of its kind|exclusive (?:launch|preview)|limited edition',
    ),
  ],
};

const guarantee: PatternCue = {
  pattern: 'guarantee',
  label: 'Guarantees and risk reversal',
  cues: [
    cue(
      'guarantee',
      'guarantee(?:s|d)?|warrant(?:y|ies|ied)|(?:fully )?insured|no quibble|no questions asked|satisfaction|peace of mind|risk free|nothing to lose|promise|(?:lifetime|free) (?:repairs?|aftercare|servicing)|aftercare',
    ),
    cue(
      'free returns',
      '(?:free|easy|hassle free|no quibble|extended) returns?|(?:\\d+|thirty|sixty|ninety|hundred) (?:day|night) (?:returns?|trial|money back|guarantee)|free exchanges?|exchange or refund|try (?:it )?(?:before you buy|at home|for \\d+ (?:days|nights)|risk free)|home trial',
    ),
    cue(
      'money back',
      "(?:we'?ll|we will) (?:redo|re do|fix|replace|repair|come back|refund|make it right|put it right)(?: it| them)?(?: for)? free|(?:redo|fix|replace) (?:it )?(?:for )?free|(?:if you'?re )?not (?:completely |100% |totally )?(?:happy|satisfied|delighted)|money back|refund(?:s|ed|able)?|your money back|or (?:we'?ll|we will) (?:refund|replace|fix|redo)|(?:we'?ll|we will) (?:make it right|put it right|fix it free)|(?:love|like) it or",
    ),
    cue(
      'cancel anytime',
      'no (?:call ?out|hidden|booking|admin|cancellation|upfront|surprise) (?:fees?|charges?|costs?|extras)|no surprises|fixed (?:price|fee|quote|cost)s?|(?:zero|no) risk|cancel (?:any ?time|whenever|at any time)|pause or cancel|no (?:commitment|contract|obligation|tie ?in|strings attached|minimum term|lock ?in)|obligation free|without obligation|(?:pay|paid) (?:on|after) (?:completion|results?)|no win,? no fee|free (?:trial|cancellation)',
    ),
  ],
};

/** Messaging patterns: each a list of cues, an ad using any of them counts once. */
export const messagingPatterns: PatternCue[] = [
  price,
  quality,
  urgency,
  socialProof,
  convenience,
  sustainability,
  novelty,
  guarantee,
];
