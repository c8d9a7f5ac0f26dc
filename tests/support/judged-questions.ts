/**
 * The judged set of issue 35 §2: questions a person asks of the demo library (the default seed, 320 items), each with
 * the item they want, by title (a title the demo has more than once is any of them). How often that item is among the
 * first 5 results is what a change to the search's order must not make worse (tests/server/search-relevance.test.ts).
 */

export type QuestionKind = 'exact title' | 'words of a title' | 'misspelling' | 'blurb words' | 'tag and a word';

export interface JudgedQuestion {
  kind: QuestionKind;
  search: string;
  /** A Type tag's label the question is filtered by (the tag filter of the index), for 'tag and a word'. */
  tag?: string;
  wanted: string;
}

const exact = (title: string): JudgedQuestion => ({ kind: 'exact title', search: title, wanted: title });
const words = (search: string, wanted: string): JudgedQuestion => ({ kind: 'words of a title', search, wanted });
const misspelt = (search: string, wanted: string): JudgedQuestion => ({ kind: 'misspelling', search, wanted });
const blurb = (search: string, wanted: string): JudgedQuestion => ({ kind: 'blurb words', search, wanted });
const tagged = (tag: string, search: string, wanted: string): JudgedQuestion => ({ kind: 'tag and a word', search, tag, wanted });

export const JUDGED_QUESTIONS: readonly JudgedQuestion[] = [
  exact('Assembly Plan: The Lost Sheep'),
  exact('Craft Sheet: Jonah and the Big Fish'),
  exact('Drama Sketch: Zacchaeus'),
  exact('Giant Jenga'),
  exact('Webinar Recording: Online Safety'),
  exact('Safeguarding Level 3: Foundations'),
  exact('Faith Foundations Session 4: Why and how do I pray?'),
  exact('Holiday Club Programme: Moses and the Burning Bush'),
  exact('Keyboard (61 keys, with stand)'),
  exact('Rev. Daniel Boateng — Camp Director'),
  exact('Mentoring Young People: Module 5'),
  exact('Youth Alpha Session 10: Does God heal today?'),

  words('Zacchaeus', 'Drama Sketch: Zacchaeus'),
  words('Bartimaeus', 'Drama Sketch: Blind Bartimaeus'),
  words('minibus', 'Minibus (16 seats)'),
  words('parachute', 'Parachute (6 m, 12 handles)'),
  words('gazebo', 'Gazebo (3 × 3 m)'),
  words('jenga', 'Giant Jenga'),
  words('walkie', 'Walkie-Talkies (6 pack)'),
  words('Pentecost', 'Assembly Plan: Pentecost'),
  words('Esther', "Esther Robertson — Children's Worker"),
  words('Boateng', 'Rev. Daniel Boateng — Camp Director'),
  words('trestle', 'Trestle Tables (set of 4)'),
  words('lost coin', 'Drama Sketch: The Lost Coin'),
  words('burning bush', 'Holiday Club Programme: Moses and the Burning Bush'),
  words('shipwreck', "Assembly Plan: Paul's Shipwreck"),
  words('puppet theatre', 'Puppet Theatre and Puppets'),
  words('projector screen', 'Projector Screen (6 ft, tripod)'),
  words('wireless microphone', 'Wireless Microphone Set'),
  words('peer pressure', 'Mentoring Conversation Cards: Peer Pressure'),
  words('holy spirit', 'Explore Together Session 7: Who is the Holy Spirit?'),

  misspelt('zacheus', 'Drama Sketch: Zacchaeus'),
  misspelt('bartimeus', 'Drama Sketch: Blind Bartimaeus'),
  misspelt('asembly lost sheep', 'Assembly Plan: The Lost Sheep'),
  misspelt('projecter', 'Projector (HD, HDMI and VGA)'),
  misspelt('microphne', 'Wireless Microphone Set'),
  misspelt('safegaurding level 2', 'Safeguarding Level 2: Refresher'),
  misspelt('mentorng module 8', 'Mentoring Young People: Module 8'),
  misspelt('gazbo', 'Gazebo (3 × 3 m)'),
  misspelt('parachut', 'Parachute (6 m, 12 handles)'),
  misspelt('nehemia', 'Drama Sketch: Nehemiah Rebuilds the Wall'),
  misspelt('keybaord', 'Keyboard (61 keys, with stand)'),

  blurb('printable template gideon', 'Craft Sheet: Gideon'),
  blurb('twelve games justice', 'Games Pack: Justice'),
  blurb('recorded webinar risk quiz', 'Webinar Recording: Risk Assessment'),
  blurb('chaplain Leeds 17 years', 'Keisha Hall — Schools Chaplain'),
  blurb('camp director Swansea', 'Rev. Daniel Boateng — Camp Director'),
  blurb('borrow Glasgow gazebo', 'Gazebo (3 × 3 m)'),
  blurb('short talk video session 2', 'Faith Foundations Session 2: Why did Jesus die?'),
  blurb('certificate online safety workshop', 'Online Safety Workshop'),
  blurb('level 1 safeguarding legislation', 'Safeguarding Level 1: Refresher'),
  blurb('sports ministry coach Norwich', 'Rhys Williams — Sports Ministry Coach'),

  tagged('Equipment', 'projector', 'Projector (HD, HDMI and VGA)'),
  tagged('Equipment', 'microphone', 'Wireless Microphone Set'),
  tagged('Equipment', 'football', 'Inflatable Football Pitch'),
  tagged('Equipment', 'tent', 'Tent (6 person)'),
  tagged('Training', 'risk', 'Risk Assessment Workshop'),
  tagged('Training', 'first aid chaplains', 'First Aid for Chaplains'),
  tagged('Person', 'Leeds', 'Keisha Hall — Schools Chaplain'),
  tagged('Person', 'Swansea', 'Rev. Daniel Boateng — Camp Director'),
  tagged('Resource', 'Gideon', 'Craft Sheet: Gideon'),
  tagged('Resource', 'lepers', 'Assembly Plan: The Ten Lepers'),
  tagged('Resource', 'Pentecost', 'Assembly Plan: Pentecost'),
];
