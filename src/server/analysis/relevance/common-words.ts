/**
 * Everyday English words that small businesses often take as their name ("Apple", "Bloom",
 * "Harvest"). A name that is one of these, or is made only of these, is said every day about
 * other things, so the word alone is weak evidence that a mention is about the brand (see
 * score-relevance.ts). The list is deliberately of ordinary words, not of brands: a coined name
 * ("Northwind", "Spotify") is distinctive on its own.
 */
const WORDS = `
a an the and of in on at for to by with my our your
apple apples orange lemon lime cherry berry berries peach pear plum grape fig olive mango banana
bloom blossom flower flowers rose roses daisy lily ivy fern moss leaf leaves root roots seed seeds
tree trees oak pine cedar willow maple birch acorn garden gardens meadow field fields forest wood woods
river lake sea ocean wave waves tide shore coast harbour harbor bay island beach sand stone rock rocks
hill hills mountain peak valley summit ridge cliff cave spring summer autumn fall winter
sun sunny sunshine moon star stars sky cloud clouds rain storm snow frost ice fire flame ember spark
light bright dark shadow dawn dusk day night morning evening noon
red blue green yellow black white grey gray pink purple gold golden silver copper bronze amber coral
jade ruby pearl ivory indigo violet scarlet crimson
honey sugar salt pepper spice spices ginger mint sage basil thyme rosemary vanilla cocoa coffee tea
bread butter milk cream cheese cake cakes cookie cookies pie pies jam toast crumb crumbs dough flour
kitchen table plate bowl cup cups spoon fork knife jar pot pan oven
home house nest den barn cabin cottage lodge hall tower bridge gate door window wall roof yard
street road lane way path trail track corner square market shop store studio works workshop
fox bear wolf lion tiger eagle hawk owl raven robin wren swan duck goose hen fish whale dolphin
bee bees hive ant fly butterfly moth deer stag horse pony dog cat rabbit hare mouse otter badger
hedgehog squirrel
bloomer fresh pure simple honest true good great grand fine best first prime
happy lucky jolly merry bold brave wild free open clear clean calm quiet little big tall small
new old young modern classic urban local native
north south east west northern southern eastern western central
one two three four five six seven eight nine ten hundred thousand
heart hand hands eye eyes mind soul spirit body face smile kiss hug
life living love joy hope faith grace peace harmony balance bliss glow shine
craft crafts maker makers made make build builder forge anvil hammer nail nails thread needle
wheel wheels gear gears pedal pedals cycle cycles bike bikes ride rider
coast summit anchor compass map atlas globe orbit planet rocket
book books page pages word words letter letters ink paper pen pencil note notes
song songs tune music drum bell bells chord echo
game games play player team club
bank money coin coins penny pound dollar
box boxes bag bags basket crate
brew brewery bakery butcher dairy farm farms orchard vineyard mill
pantry larder deli cafe bistro grill bar inn tavern
style fashion thread threads cloth linen silk wool cotton lace
wave signal pulse spark switch circuit
apex arc axis core edge frame level line point shape space
nova zen vita terra aqua
`;

export const COMMON_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));

/** Words that say what kind of company a name belongs to rather than which one. */
export const NAME_FILLERS: ReadonlySet<string> = new Set([
  'the',
  'ltd',
  'limited',
  'inc',
  'llc',
  'plc',
  'llp',
  'gmbh',
  'sa',
  'sarl',
  'bv',
  'pty',
  'corp',
  'corporation',
  'company',
]);
