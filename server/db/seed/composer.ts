import type { ItemType } from './catalogue';
import type { Random } from './random';
import * as words from './words';

/** What an item says about itself: composed from the word lists. */
export interface ItemText {
  title: string;
  topic: string;
  blurb: string;
  authors: string[];
  /** Tags implied by what the item is about (added to the random ones). */
  tagLabels: string[];
}

export interface PersonIdentity {
  honorific: string;
  first: string;
  last: string;
  role: string;
  city: words.City;
}

/** The title, what it implies, and the opening sentence of the blurb, which must agree with the title. */
interface Composition {
  title: string;
  topic: string;
  tagLabels: string[];
  opening: string;
  /** Fills placeholders in the blurb's later sentences. */
  values?: Record<string, string>;
}

const FESTIVAL_TAGS: Record<string, string> = { Christmas: 'Christmas', Easter: 'Easter', Harvest: 'Harvest', Advent: 'Christmas' };

const ROLE_TAGS: Record<string, string[]> = {
  'Schools Chaplain': ['Chaplaincy', 'Assemblies'],
  'Youth Worker': ['Sunday Groups'],
  "Children's Worker": ['Sunday Groups', 'Holiday Clubs'],
  'Camp Director': ['Residentials'],
  'Schools Team Volunteer': ['Lessons', 'Lunchtime Clubs'],
  'Mentoring Lead': ['Mentoring'],
  'Safeguarding Lead': ['Safeguarding'],
  'Church Partnerships Lead': ['Sunday Groups'],
  'Sports Ministry Coach': ['Sport'],
};

const AREA_TAGS: Record<string, string> = {
  Schools: 'Lessons',
  Camps: 'Residentials',
  Chaplaincy: 'Chaplaincy',
  Mentoring: 'Mentoring',
  'Sports Ministry': 'Sport',
  'Online Youth': 'Online',
};

function resourceComposition(rng: Random): Composition {
  const story = rng.pick(words.BIBLE_STORIES);
  const theme = rng.pick(words.THEMES);
  const about = theme.toLowerCase();
  const templates: (() => Composition)[] = [
    () => ({
      title: `Assembly Plan: ${story}`,
      topic: 'Primary school assembly',
      tagLabels: ['Assemblies', 'Primary', 'Bible'],
      opening: `A 15-minute primary assembly retelling ${story}, with a simple response and a prayer.`,
    }),
    () => ({
      title: `Lesson Plan: ${theme}`,
      topic: `RE lesson on ${about}`,
      tagLabels: ['Lessons', 'Primary'],
      opening: `An RE lesson helping pupils explore ${about} through stories, questions and creative work.`,
    }),
    () => {
      const course = rng.pick(words.COURSES);
      const session = rng.int(1, words.BIG_QUESTIONS.length);
      return {
        title: `${course} Session ${session}: ${words.BIG_QUESTIONS[session - 1]}`,
        topic: `${course} course`,
        tagLabels: ['Seniors', 'Discipleship'],
        opening: `Session ${session} of the ${course} course, with a short talk, a video and small-group questions.`,
      };
    },
    () => ({
      title: `${theme} Prayer Stations`,
      topic: 'Creative prayer for groups',
      tagLabels: ['Prayer', 'All Ages'],
      opening: `Six interactive prayer stations on ${about} for a classroom, a hall or a church building.`,
    }),
    () => ({
      title: `Holiday Club Programme: ${story}`,
      topic: 'Five-day holiday club',
      tagLabels: ['Holiday Clubs', 'Primary', 'Bible'],
      opening: `Five mornings of games, crafts, songs and drama built around ${story}.`,
    }),
    () => ({
      title: `Craft Sheet: ${story}`,
      topic: 'Craft activity',
      tagLabels: ['Under 5s', 'Sunday Groups', 'Bible'],
      opening: `A simple craft retelling ${story}, with a printable template and step-by-step instructions.`,
    }),
    () => ({
      title: `Games Pack: ${theme}`,
      topic: 'Games with a point',
      tagLabels: ['Lunchtime Clubs', 'Juniors'],
      opening: `Twelve games with a point, each linked to ${about} and easy to run with little kit.`,
    }),
    () => ({
      title: `Small Group Study: ${theme}`,
      topic: 'Bible study for small groups',
      tagLabels: ['Seniors', 'Discipleship', 'Bible'],
      opening: `A four-week small group study on ${about}, with Bible passages and discussion questions.`,
    }),
    () => {
      const season = rng.pick(words.SEASONS);
      return {
        title: `${season} Service Outline for ${rng.pick(words.AUDIENCES)}`,
        topic: `${season} all-age service`,
        tagLabels: ['All Ages', 'Sunday Groups', ...(FESTIVAL_TAGS[season] ? [FESTIVAL_TAGS[season]] : [])],
        opening: `An all-age ${season} service outline with readings, prayers, songs and a short talk.`,
      };
    },
    () => ({
      title: `Camp Evening Talk: ${story}`,
      topic: 'Evening talk at camp',
      tagLabels: ['Residentials', 'Bible', 'Juniors'],
      opening: `An evening talk on ${story}, with a testimony slot and time to respond.`,
    }),
    () => ({
      title: `Drama Sketch: ${story}`,
      topic: 'Short drama for assemblies',
      tagLabels: ['Assemblies', 'Bible', 'Primary'],
      opening: `A five-minute sketch of ${story} for four actors, with minimal props.`,
    }),
    () => ({
      title: `Discussion Starter: ${theme}`,
      topic: 'Youth club discussion',
      tagLabels: ['Seniors', 'Mental Health'],
      opening: `Questions and short clips to start honest conversations about ${about}.`,
    }),
    () => ({
      title: `Mentoring Conversation Cards: ${theme}`,
      topic: 'One-to-one mentoring',
      tagLabels: ['Mentoring', 'Friendships', 'Seniors'],
      opening: `Conversation cards on ${about} for one-to-one mentoring sessions.`,
    }),
  ];
  return rng.pick(templates)();
}

function trainingComposition(rng: Random): Composition {
  const skill = rng.pick(words.SKILLS);
  const trainees = rng.pick(words.TRAINEES);
  const templates: (() => Composition)[] = [
    () => ({
      title: `Camp Leader Safeguarding Handbook (${rng.int(2022, 2026)} edition)`,
      topic: 'Safeguarding on camps',
      tagLabels: ['Safeguarding', 'Residentials'],
      opening: 'Everything a camp leader needs to know about keeping children and young people safe on residentials.',
    }),
    () => {
      const level = rng.int(1, 3);
      return {
        title: `Safeguarding Level ${level}: ${rng.pick(['Foundations', 'Refresher', 'Designated Leads'])}`,
        topic: 'Safeguarding training',
        tagLabels: ['Safeguarding'],
        opening: `Level ${level} safeguarding training, in line with the movement's policy and current legislation.`,
      };
    },
    () => {
      const area = rng.pick(Object.keys(AREA_TAGS));
      return {
        title: `Introduction to ${area} Work`,
        topic: `Getting started in ${area.toLowerCase()} work`,
        tagLabels: [AREA_TAGS[area]],
        opening: `A first look at ${area.toLowerCase()} work: what it involves, how to get started and who can help.`,
      };
    },
    () => {
      const module = rng.int(1, 8);
      return {
        title: `Mentoring Young People: Module ${module}`,
        topic: 'Mentoring course',
        tagLabels: ['Mentoring'],
        opening: `Module ${module} of the mentoring course, with practice conversations and time for reflection.`,
      };
    },
    () => ({
      title: `${skill} Workshop`,
      topic: `Workshop for ${trainees.toLowerCase()}`,
      tagLabels: ['Leadership'],
      opening: `A practical workshop on ${skill.toLowerCase()} for ${trainees.toLowerCase()}.`,
    }),
    () => ({
      title: `First Aid for ${trainees}`,
      topic: 'First aid training',
      tagLabels: ['Day Camps'],
      opening: `Emergency first aid for ${trainees.toLowerCase()}, including a practical assessment.`,
    }),
    () => ({
      title: `Induction for ${trainees}`,
      topic: 'Induction course',
      tagLabels: ['Leadership'],
      opening: `The induction course for ${trainees.toLowerCase()}: our vision, safeguarding and practical skills.`,
    }),
    () => ({
      title: `Webinar Recording: ${skill}`,
      topic: 'Recorded webinar',
      tagLabels: ['Online'],
      opening: `A recorded webinar on ${skill.toLowerCase()}, with the slides and a discussion guide.`,
    }),
  ];
  return rng.pick(templates)();
}

export function randomPerson(rng: Random): PersonIdentity {
  return {
    honorific: rng.pick(words.HONORIFICS),
    first: rng.pick(words.FIRST_NAMES),
    last: rng.pick(words.LAST_NAMES),
    role: rng.pick(words.ROLES),
    city: rng.pick(words.CITIES),
  };
}

function personComposition(rng: Random, person: PersonIdentity): Composition {
  return {
    title: `${person.honorific}${person.first} ${person.last} — ${person.role}`,
    topic: `${person.role}, ${person.city}`,
    tagLabels: [...(ROLE_TAGS[person.role] ?? []), words.CITY_REGIONS[person.city]],
    opening: `${person.first} has served as a ${person.role.toLowerCase()} in ${person.city} for ${rng.int(2, 25)} years.`,
    values: { area: rng.pick(['schools work', 'camps', 'mentoring', 'chaplaincy', 'family ministry']), volunteers: String(rng.int(3, 40)) },
  };
}

function equipmentComposition(rng: Random): Composition {
  const city = rng.pick(words.CITIES);
  return {
    title: rng.pick(words.EQUIPMENT),
    topic: `Kit to borrow from the ${city} office`,
    tagLabels: [rng.pick(['Day Camps', 'Assemblies', 'Holiday Clubs', 'Sport', 'Residentials']), words.CITY_REGIONS[city]],
    opening: `Available to borrow from the ${city} office.`,
    values: { use: rng.pick(words.EQUIPMENT_USES) },
  };
}

const SENTENCES: Record<ItemType, readonly string[]> = {
  Resource: words.RESOURCE_SENTENCES,
  Training: words.TRAINING_SENTENCES,
  Person: words.PERSON_SENTENCES,
  Equipment: words.EQUIPMENT_SENTENCES,
};

/** The opening sentence and one to three more, placeholders filled from the composition. */
function blurbFor(rng: Random, type: ItemType, composition: Composition): string {
  const values: Record<string, string> = {
    minutes: String(rng.pick([10, 15, 20, 30, 45, 60])),
    hours: String(rng.int(2, 6)),
    city: rng.pick(words.CITIES),
    ...composition.values,
  };
  const more = rng.sample(SENTENCES[type], rng.int(1, 3)).map((sentence) => sentence.replace(/\{(\w+)\}/g, (_match, key: string) => values[key] ?? key));
  return [composition.opening, ...more].join(' ');
}

function authorsFor(rng: Random, type: ItemType): string[] {
  if (type === 'Person' || type === 'Equipment') return [];
  const personName = () => `${rng.pick(words.FIRST_NAMES)} ${rng.pick(words.LAST_NAMES)}`;
  return rng.weighted<() => string[]>([
    [() => [personName()], 5],
    [() => [personName(), personName()], 2],
    [() => [rng.pick(words.AUTHOR_TEAMS)], 3],
  ])();
}

export function composeItemText(rng: Random, type: ItemType, person?: PersonIdentity): ItemText {
  const composition =
    type === 'Resource'
      ? resourceComposition(rng)
      : type === 'Training'
        ? trainingComposition(rng)
        : type === 'Person'
          ? personComposition(rng, person ?? randomPerson(rng))
          : equipmentComposition(rng);
  const { title, topic, tagLabels } = composition;
  return { title, topic, tagLabels, blurb: blurbFor(rng, type, composition), authors: authorsFor(rng, type) };
}
