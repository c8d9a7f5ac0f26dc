/** Word lists the demo library is composed from. */

export const FIRST_NAMES = [
  'Sarah',
  'David',
  'Grace',
  'Daniel',
  'Esther',
  'Samuel',
  'Priya',
  'Joseph',
  'Hannah',
  'Tom',
  'Aisha',
  'Ben',
  'Chloe',
  'Kwame',
  'Ruth',
  'James',
  'Mei',
  'Olu',
  'Rachel',
  'Luke',
  'Naomi',
  'Mark',
  'Zara',
  'Isaac',
  'Beth',
  'Tomasz',
  'Fatima',
  'Ellie',
  'Joel',
  'Abigail',
  'Callum',
  'Amara',
  'Rhys',
  'Lydia',
  'Nathan',
  'Keisha',
  'Owen',
  'Ana',
  'Gareth',
  'Ifeoma',
] as const;

export const LAST_NAMES = [
  'Okafor',
  'Thompson',
  'Patel',
  'Williams',
  'Nguyen',
  'Evans',
  'Mensah',
  'Clarke',
  'Hughes',
  'Kowalski',
  'Adeyemi',
  'Campbell',
  'Reid',
  "O'Brien",
  'Jones',
  'Fraser',
  'Singh',
  'Bennett',
  'Murray',
  'Davies',
  'Morgan',
  'Ahmed',
  'Lewis',
  'Robertson',
  'Wright',
  'Hall',
  'Kaur',
  'Boateng',
  'McAllister',
  'Osei',
  'Price',
  'Chen',
  'Gallagher',
  'Sutherland',
] as const;

export const HONORIFICS = ['', '', '', 'Rev. ', 'Dr ', 'Pastor '] as const;

/** Cities with the Region tag of the team based there. */
export const CITY_REGIONS = {
  Leeds: 'North',
  Manchester: 'North',
  Newcastle: 'North',
  Sheffield: 'North',
  Birmingham: 'Midlands',
  Nottingham: 'Midlands',
  London: 'South',
  Bristol: 'South',
  Exeter: 'South',
  Norwich: 'South',
  Cardiff: 'Wales',
  Swansea: 'Wales',
  Glasgow: 'Scotland',
  Edinburgh: 'Scotland',
  Belfast: 'Northern Ireland',
} as const;
export type City = keyof typeof CITY_REGIONS;
export const CITIES = Object.keys(CITY_REGIONS) as City[];

export const BIBLE_STORIES = [
  'The Good Samaritan',
  'The Lost Sheep',
  'The Prodigal Son',
  'David and Goliath',
  'Noah and the Flood',
  'Jonah and the Big Fish',
  "Daniel in the Lions' Den",
  'Zacchaeus',
  'The Feeding of the 5,000',
  'Jesus Calms the Storm',
  'The Wise and Foolish Builders',
  'Joseph and His Brothers',
  'Moses and the Burning Bush',
  'Esther the Brave Queen',
  'The Easter Story',
  'The Christmas Story',
  'Ruth and Naomi',
  'Peter Walks on Water',
  'The Parable of the Sower',
  'Creation',
  'Nehemiah Rebuilds the Wall',
  'Gideon',
  'Elijah on Mount Carmel',
  'The Lost Coin',
  'Jesus Welcomes the Children',
  'Pentecost',
  "Paul's Shipwreck",
  'The Ten Lepers',
  'Mary and Martha',
  'Blind Bartimaeus',
] as const;

export const THEMES = [
  'Friendship',
  'Forgiveness',
  'Courage',
  'Kindness',
  'Hope',
  'Generosity',
  'Identity',
  'Anxiety and Peace',
  'Belonging',
  'Thankfulness',
  'Justice',
  'Creation Care',
  'Grief and Loss',
  'Honesty',
  'Patience',
  'Peer Pressure',
  'Social Media',
  'Serving Others',
  'Trust',
  'Resilience',
] as const;

export const COURSES = ['Youth Alpha', 'Big Questions', 'Faith Foundations', 'Explore Together'] as const;

export const BIG_QUESTIONS = [
  'Who is Jesus?',
  'Why did Jesus die?',
  'How can I have faith?',
  'Why and how do I pray?',
  'Why read the Bible?',
  'How does God guide us?',
  'Who is the Holy Spirit?',
  'How can I resist evil?',
  'Why tell others?',
  'Does God heal today?',
  'What about the Church?',
  'Is there more to life than this?',
] as const;

export const SEASONS = ['Advent', 'Christmas', 'Lent', 'Easter', 'Pentecost', 'Harvest', 'Back to School', 'Summer'] as const;

export const AUDIENCES = ['Primary Schools', 'Secondary Schools', 'Youth Groups', 'Families', 'Under 5s', 'Sixth Formers'] as const;

export const SKILLS = [
  'Storytelling',
  'Behaviour Management',
  'Active Listening',
  'Leading Worship',
  'Inclusive Practice',
  'Online Safety',
  'Risk Assessment',
  'Mental Health Awareness',
  'Trauma-Informed Practice',
  'Working with SEND Children',
  'Faith Conversations in Schools',
  'Volunteer Recruitment',
  'Leading Small Groups',
  'Public Speaking',
] as const;

export const TRAINEES = ['Camp Leaders', 'Youth Workers', 'New Volunteers', 'Chaplains', 'Schools Workers', 'Church Teams'] as const;

export const ROLES = [
  'Schools Chaplain',
  'Youth Worker',
  "Children's Worker",
  'Regional Coordinator',
  'Camp Director',
  'Trainer',
  'Schools Team Volunteer',
  'Mentoring Lead',
  'Safeguarding Lead',
  'Church Partnerships Lead',
  'Sports Ministry Coach',
] as const;

export const EQUIPMENT = [
  'PA System (portable, 2 mics)',
  'Projector (HD, HDMI and VGA)',
  'Projector Screen (6 ft, tripod)',
  'Gazebo (3 × 3 m)',
  'Parachute (6 m, 12 handles)',
  'Sports Kit Bag (balls, cones, bibs)',
  'Craft Supplies Box',
  'Games Console Set (2 controllers)',
  'Acoustic Guitar',
  'Keyboard (61 keys, with stand)',
  'Camping Stove (2 burner)',
  'Tent (6 person)',
  'Minibus (16 seats)',
  'Presentation Laptop',
  'First Aid Kit (large)',
  'Portable Stage Lighting',
  'Wireless Microphone Set',
  'Banner Stand (Equip)',
  'Table Tennis Table (folding)',
  'Giant Jenga',
  'Puppet Theatre and Puppets',
  'Bible Story Props Box',
  'Trestle Tables (set of 4)',
  'Walkie-Talkies (6 pack)',
  'Cool Boxes (pair)',
  'Inflatable Football Pitch',
] as const;

export const EQUIPMENT_USES = [
  'assemblies and school events',
  'camps and residentials',
  'holiday clubs',
  'outdoor fun days',
  'youth services',
  'training days',
  'sports tournaments',
  'lunchtime clubs',
] as const;

export const AUTHOR_TEAMS = [
  'Equip Schools Team',
  'Equip Training Team',
  'Camps Network',
  'North West Schools Team',
  'Chaplaincy Network',
  'Children and Families Team',
  'Sports Ministry Team',
] as const;

export const LICENCES = [
  'Free to use in schools and churches',
  'CC BY-NC 4.0',
  'Used with permission: please do not redistribute',
  '© Equip: for use by Equip volunteers',
  'Public domain',
] as const;

export const GROUP_SIZES = ['Up to 10', '6–12', '10–30', 'Whole school', 'Any size', '15–40'] as const;

export const LANGUAGES = ['English', 'English, Welsh', 'English, Yoruba', 'English, Polish', 'English, Gaelic', 'English, Twi'] as const;

/** Sentences that follow an item's opening sentence in its blurb. */
export const RESOURCE_SENTENCES = [
  'Includes leader notes, discussion questions and a simple response activity.',
  'Written for {minutes}-minute slots and easy to adapt for smaller groups.',
  'Tested by volunteers in {city} over the last year.',
  'No specialist equipment needed beyond a projector and some paper.',
  'Suitable for church and community groups as well as schools.',
  'Updated with fresh illustrations and inclusive language.',
  'Comes with printable handouts and a short video to introduce the theme.',
] as const;

export const TRAINING_SENTENCES = [
  'Takes about {hours} hours including discussion and reflection.',
  'Built around real scenarios from schools, camps and church youth work.',
  'Participants receive a certificate on completion.',
  'Can be delivered in person or online by any approved trainer.',
  'Refreshed each year to match current guidance and good practice.',
  'Includes a short quiz so leaders can check their understanding.',
] as const;

export const PERSON_SENTENCES = [
  'Happy to be contacted about {area}, training and speaking.',
  'Leads a team of {volunteers} volunteers across local schools and churches.',
  'Available for assemblies, lessons, camps and training evenings.',
  'Loves helping churches start new work with children and young people.',
] as const;

export const EQUIPMENT_SENTENCES = [
  'Please book at least two weeks ahead and return it clean and complete.',
  'Check the contents list inside the case before and after use.',
  'Ideal for {use}.',
  'Spare parts and cables are kept in the store cupboard.',
] as const;

export const COMMENTS = [
  'Used this with our Year 6 group last week and it went down really well.',
  'Great resource, thank you for sharing!',
  'The slides link seems to be broken for me.',
  'Could we have a version for under 5s?',
  'We adapted the games for a smaller group and it worked fine.',
  'Really helpful for our new volunteers.',
  'Is there an updated version of the risk assessment?',
  'Brilliant: the children loved the drama sketch.',
  'The video is a bit long for a 15 minute assembly slot.',
  'Thanks, this saved me hours of preparation.',
  'Please check the safeguarding section reflects this year’s guidance.',
  'Borrowed this for our summer camp, all kit present and working.',
  'One of the microphones crackles; it might need a new cable.',
  'Would love to see more on mental health and wellbeing.',
  'Our church used this for a holiday club and the parents asked for copies.',
  'Worked well online too, with breakout rooms for the small groups.',
] as const;

export const FLAGGED_COMMENTS = [
  'Check out my channel for free followers!!!',
  'This is a complete waste of everyone’s time.',
  'Call me on my personal number for the real version.',
] as const;

export const TASKS = [
  'Check the links still work',
  'Update to the latest safeguarding policy',
  'Add a public sample PDF',
  'Review after the end of term',
  'Ask the author for permission to share more widely',
  'Add images',
  'Tag with age groups',
  'PAT test before the summer camps',
  'Convert the slides to Google Slides',
  'Write a shorter blurb',
  'Record a short demo video',
  'Confirm the contact details are current',
  'Replace worn parts',
  'Merge with the duplicate item',
] as const;

export const TASK_NOTES = ['', '', 'Raised at the regional team meeting.', 'See comments on the item.', 'Low effort, high value.'] as const;

export const CONTENT_KINDS = [
  { label: 'Leader notes', format: 'pdf' },
  { label: 'Slides', format: 'powerpoint' },
  { label: 'Slides', format: 'google_slides' },
  { label: 'Handout', format: 'word' },
  { label: 'Worksheet', format: 'google_doc' },
  { label: 'Session video', format: 'video' },
  { label: 'Audio reflection', format: 'audio' },
  { label: 'Risk assessment', format: 'google_doc' },
  { label: 'Register template', format: 'google_sheet' },
  { label: 'Photo cards', format: 'image' },
  { label: 'Song lyrics', format: 'text' },
  { label: 'Resource folder', format: 'google_folder' },
  { label: 'Certificate template', format: 'word' },
] as const;

export const EQUIPMENT_CONTENT_KINDS = [
  { label: 'Setup guide', format: 'pdf' },
  { label: 'Contents list', format: 'google_sheet' },
  { label: 'Loan agreement', format: 'word' },
  { label: 'Photo of the kit', format: 'image' },
] as const;

export const PERSON_CONTENT_KINDS = [
  { label: 'Profile', format: 'pdf' },
  { label: 'Introduction video', format: 'video' },
] as const;

export const STOCK_IMAGES = [
  'children-craft',
  'youth-group',
  'school-assembly',
  'summer-camp',
  'campfire',
  'bible-open',
  'prayer-hands',
  'worship-band',
  'football-match',
  'mentoring-coffee',
  'classroom',
  'church-hall',
  'tent-field',
  'holiday-club',
  'training-room',
  'microphone',
  'projector',
  'minibus',
  'parachute-game',
  'portrait-1',
  'portrait-2',
  'portrait-3',
] as const;

export const COLLECTIONS = [
  { title: 'Summer Camp Programme', description: 'Everything for our week at camp, day by day.', sections: ['Before camp', 'Day 1', 'Day 2', 'Day 3'] },
  { title: 'Assemblies for Autumn Term', description: 'One assembly for each week of term.', sections: ['', 'Harvest', 'Remembrance'] },
  { title: 'New Volunteer Induction', description: 'What every new volunteer reads in their first month.', sections: ['Week 1', 'Week 2'] },
  { title: 'Favourite Games', description: 'Games that always work.', sections: [''] },
  { title: 'Easter Holiday Club', description: 'Five mornings of stories, crafts and games.', sections: ['Monday', 'Tuesday', 'Wednesday'] },
  { title: 'Chaplaincy Toolkit', description: 'Go-to resources for school chaplains.', sections: ['', 'Pastoral care', 'Follow-up'] },
  { title: 'Kit for the Schools Roadshow', description: 'Equipment list for the roadshow tour.', sections: ['Sound and vision', 'Games'] },
  { title: 'Prayer Ideas', description: 'Creative prayer for all ages.', sections: [''] },
] as const;

export const COLLECTION_NOTES = ['', '', '', 'Use the short version for Year 3.', 'Book two weeks ahead.', 'Great opener.', 'Print 30 copies.'] as const;
