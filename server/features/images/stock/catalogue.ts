/**
 * The stock images shipped with Equip: simple illustrations drawn as SVG here and rendered to
 * JPG or PNG on first use. Every name the demo seed uses (server/db/seed/words.ts STOCK_IMAGES)
 * is here, so seeded items show their pictures. Nothing is downloaded; no binaries are committed.
 */
export interface BuiltInStockImage {
  id: string;
  keywords: readonly string[];
  /** SVG markup on a 1200 × 800 canvas. */
  svg: string;
}

export const STOCK_CANVAS = { width: 1200, height: 800 } as const;

/** Bump when the drawings change, so cached renders are replaced. */
export const BUILT_IN_STOCK_VERSION = 1;

function scene(sky: string, ground: string, art: string): string {
  const { width, height } = STOCK_CANVAS;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${ground}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${art}</svg>`;
}

function person(x: number, y: number, scale: number, colour: string): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})"><circle cx="0" cy="-70" r="34" fill="#f2c9a0"/><path d="M-55 40 Q-55 -30 0 -30 Q55 -30 55 40 Z" fill="${colour}"/></g>`;
}

function people(colours: readonly string[], y: number, scale: number, left = 200, gap = 200): string {
  return colours.map((colour, i) => person(left + i * gap, y, scale, colour)).join('');
}

function tent(x: number, y: number, width: number, colour: string): string {
  const half = width / 2;
  return `<path d="M${x - half} ${y} L${x} ${y - width * 0.75} L${x + half} ${y} Z" fill="${colour}"/><path d="M${x - width * 0.12} ${y} L${x} ${y - width * 0.4} L${x + width * 0.12} ${y} Z" fill="#3b2f2f"/>`;
}

function tree(x: number, y: number, size: number): string {
  return `<rect x="${x - size * 0.08}" y="${y - size * 0.4}" width="${size * 0.16}" height="${size * 0.4}" fill="#6b4423"/><path d="M${x - size * 0.45} ${y - size * 0.35} L${x} ${y - size * 1.4} L${x + size * 0.45} ${y - size * 0.35} Z" fill="#2f6b3a"/>`;
}

function portrait(background: string, top: string, hair: string): string {
  return scene(
    background,
    background,
    `<circle cx="600" cy="330" r="150" fill="#e8b894"/><path d="M450 300 Q460 150 600 150 Q740 150 750 300 Q700 210 600 215 Q500 210 450 300 Z" fill="${hair}"/><path d="M300 800 Q300 540 600 540 Q900 540 900 800 Z" fill="${top}"/>`,
  );
}

export const BUILT_IN_STOCK_IMAGES: readonly BuiltInStockImage[] = [
  {
    id: 'children-craft',
    keywords: ['children', 'kids', 'craft', 'art', 'paper', 'crayons', 'activity'],
    svg: scene(
      '#fff3d6',
      '#f5d7a1',
      `<rect x="150" y="480" width="900" height="40" rx="10" fill="#a0522d"/><rect x="260" y="360" width="220" height="150" fill="#ffffff" transform="rotate(-8 370 435)"/><circle cx="370" cy="430" r="45" fill="#ffb703"/><rect x="560" y="380" width="200" height="130" fill="#8ecae6" transform="rotate(6 660 445)"/><path d="M620 470 L660 400 L700 470 Z" fill="#e63946"/>${['#e63946', '#2a9d8f', '#ffb703', '#6a4c93'].map((c, i) => `<rect x="${820 + i * 40}" y="400" width="22" height="100" rx="6" fill="${c}"/>`).join('')}`,
    ),
  },
  {
    id: 'youth-group',
    keywords: ['youth', 'teenagers', 'group', 'young people', 'club', 'friends'],
    svg: scene(
      '#d8e2ff',
      '#9bb1ff',
      `${people(['#ef476f', '#118ab2', '#06d6a0', '#ffd166', '#8338ec'], 620, 1.5, 200, 200)}<rect x="0" y="680" width="1200" height="120" fill="#5a67d8"/>`,
    ),
  },
  {
    id: 'school-assembly',
    keywords: ['school', 'assembly', 'hall', 'pupils', 'stage', 'presentation'],
    svg: scene(
      '#f1e4d1',
      '#c9a66b',
      `<rect x="380" y="120" width="440" height="200" fill="#7a4f2a"/><rect x="400" y="140" width="400" height="160" fill="#f8f1e7"/>${person(600, 300, 1, '#264653')}${[0, 1, 2].map((row) => people(['#e76f51', '#2a9d8f', '#e9c46a', '#f4a261', '#457b9d', '#8d99ae'], 500 + row * 110, 0.8, 150 + row * 20, 180)).join('')}`,
    ),
  },
  {
    id: 'summer-camp',
    keywords: ['summer', 'camp', 'outdoors', 'tents', 'holiday', 'residential'],
    svg: scene(
      '#8ecae6',
      '#b5e48c',
      `<circle cx="1000" cy="150" r="80" fill="#ffd60a"/>${tree(130, 640, 260)}${tent(450, 650, 320, '#f77f00')}${tent(800, 660, 260, '#2a9d8f')}${tree(1080, 660, 220)}<rect x="0" y="640" width="1200" height="160" fill="#80b918"/>`,
    ),
  },
  {
    id: 'campfire',
    keywords: ['campfire', 'fire', 'night', 'stories', 'camp', 'evening'],
    svg: scene(
      '#0b132b',
      '#1c2541',
      `${[
        [150, 120],
        [320, 80],
        [520, 160],
        [760, 90],
        [980, 140],
        [1100, 60],
        [420, 260],
        [880, 250],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4" fill="#ffffff"/>`)
        .join(
          '',
        )}<path d="M600 380 Q520 520 560 610 Q600 560 600 610 Q640 560 640 610 Q680 520 600 380 Z" fill="#f77f00"/><path d="M600 470 Q560 560 585 620 L615 620 Q640 560 600 470 Z" fill="#ffd60a"/><rect x="450" y="610" width="300" height="40" rx="18" fill="#6f4518" transform="rotate(12 600 630)"/><rect x="450" y="610" width="300" height="40" rx="18" fill="#7f5539" transform="rotate(-12 600 630)"/>`,
    ),
  },
  {
    id: 'bible-open',
    keywords: ['bible', 'book', 'scripture', 'reading', 'study', 'word'],
    svg: scene(
      '#f6efe0',
      '#dccfb4',
      `<path d="M600 260 Q450 200 250 230 L250 600 Q450 570 600 630 Z" fill="#ffffff" stroke="#8d6e63" stroke-width="8"/><path d="M600 260 Q750 200 950 230 L950 600 Q750 570 600 630 Z" fill="#ffffff" stroke="#8d6e63" stroke-width="8"/>${[0, 1, 2, 3, 4, 5].map((i) => `<line x1="300" y1="${290 + i * 50}" x2="540" y2="${300 + i * 50}" stroke="#bcaaa4" stroke-width="8"/><line x1="660" y1="${300 + i * 50}" x2="900" y2="${290 + i * 50}" stroke="#bcaaa4" stroke-width="8"/>`).join('')}<path d="M590 630 L590 720 L610 700 L630 720 L630 630 Z" fill="#c62828"/>`,
    ),
  },
  {
    id: 'prayer-hands',
    keywords: ['prayer', 'hands', 'pray', 'quiet', 'reflection', 'faith'],
    svg: scene(
      '#e0c3fc',
      '#8ec5fc',
      `<path d="M600 160 Q540 200 520 330 L470 560 Q460 620 520 640 L600 650 Z" fill="#f2c9a0" stroke="#c9966b" stroke-width="6"/><path d="M600 160 Q660 200 680 330 L730 560 Q740 620 680 640 L600 650 Z" fill="#eebd92" stroke="#c9966b" stroke-width="6"/><rect x="470" y="640" width="260" height="160" fill="#5e60ce"/>`,
    ),
  },
  {
    id: 'worship-band',
    keywords: ['worship', 'band', 'music', 'guitar', 'drums', 'singing', 'songs'],
    svg: scene(
      '#3a0ca3',
      '#7209b7',
      `<path d="M0 700 L1200 700 L1200 800 L0 800 Z" fill="#240046"/><ellipse cx="300" cy="520" rx="90" ry="110" fill="#e76f51"/><circle cx="300" cy="520" r="30" fill="#240046"/><rect x="285" y="240" width="30" height="280" fill="#6d4c41"/><line x1="600" y1="330" x2="600" y2="700" stroke="#adb5bd" stroke-width="12"/><ellipse cx="600" cy="310" rx="30" ry="42" fill="#495057"/><ellipse cx="900" cy="600" rx="130" ry="90" fill="#f8f9fa"/><ellipse cx="900" cy="600" rx="100" ry="66" fill="#dee2e6"/><ellipse cx="1040" cy="440" rx="70" ry="14" fill="#ffd60a"/>`,
    ),
  },
  {
    id: 'football-match',
    keywords: ['football', 'soccer', 'sport', 'match', 'games', 'pitch'],
    svg: scene(
      '#90e0ef',
      '#2d6a4f',
      `<rect x="0" y="300" width="1200" height="500" fill="#40916c"/><line x1="600" y1="300" x2="600" y2="800" stroke="#ffffff" stroke-width="8"/><circle cx="600" cy="560" r="120" fill="none" stroke="#ffffff" stroke-width="8"/><rect x="40" y="420" width="130" height="280" fill="none" stroke="#ffffff" stroke-width="8"/><rect x="1030" y="420" width="130" height="280" fill="none" stroke="#ffffff" stroke-width="8"/><circle cx="760" cy="640" r="50" fill="#ffffff" stroke="#212529" stroke-width="6"/><path d="M760 615 L783 632 L774 659 L746 659 L737 632 Z" fill="#212529"/>`,
    ),
  },
  {
    id: 'mentoring-coffee',
    keywords: ['mentoring', 'coffee', 'conversation', 'discipleship', 'one to one', 'pastoral'],
    svg: scene(
      '#fdf0d5',
      '#c6ac8f',
      `<rect x="0" y="560" width="1200" height="240" fill="#8d6e63"/>${[
        [420, '#e63946'],
        [780, '#457b9d'],
      ]
        .map(
          ([x, colour]) =>
            `<rect x="${Number(x) - 100}" y="380" width="200" height="200" rx="24" fill="${colour}"/><path d="M${Number(x) + 100} 420 Q${Number(x) + 190} 440 ${Number(x) + 100} 530" fill="none" stroke="${colour}" stroke-width="26"/><path d="M${Number(x) - 40} 340 Q${Number(x) - 70} 290 ${Number(x) - 30} 240 M${Number(x) + 30} 340 Q${Number(x)} 290 ${Number(x) + 40} 240" fill="none" stroke="#ffffff" stroke-width="12" stroke-linecap="round"/>`,
        )
        .join('')}`,
    ),
  },
  {
    id: 'classroom',
    keywords: ['classroom', 'school', 'lesson', 'teaching', 'desks', 'board'],
    svg: scene(
      '#fefae0',
      '#e9edc9',
      `<rect x="250" y="100" width="700" height="300" fill="#2d6a4f" stroke="#8d6e63" stroke-width="20"/><path d="M320 200 L520 200 M320 260 L700 260 M320 320 L600 320" stroke="#ffffff" stroke-width="10"/>${[0, 1, 2].map((i) => `<rect x="${170 + i * 320}" y="560" width="220" height="26" fill="#a0522d"/><rect x="${190 + i * 320}" y="586" width="18" height="120" fill="#6f4518"/><rect x="${352 + i * 320}" y="586" width="18" height="120" fill="#6f4518"/>`).join('')}`,
    ),
  },
  {
    id: 'church-hall',
    keywords: ['church', 'hall', 'building', 'venue', 'congregation'],
    svg: scene(
      '#caf0f8',
      '#90be6d',
      `<rect x="0" y="650" width="1200" height="150" fill="#6a994e"/><rect x="380" y="380" width="440" height="280" fill="#e9d8a6"/><path d="M340 390 L600 200 L860 390 Z" fill="#9b2226"/><rect x="560" y="520" width="80" height="140" fill="#6f4518"/><rect x="430" y="450" width="70" height="90" fill="#94d2bd"/><rect x="700" y="450" width="70" height="90" fill="#94d2bd"/><rect x="590" y="90" width="20" height="110" fill="#6c757d"/><rect x="560" y="120" width="80" height="20" fill="#6c757d"/>`,
    ),
  },
  {
    id: 'tent-field',
    keywords: ['tent', 'marquee', 'field', 'festival', 'outdoor', 'event'],
    svg: scene(
      '#a2d2ff',
      '#95d5b2',
      `<rect x="0" y="600" width="1200" height="200" fill="#52b788"/><path d="M250 620 L250 400 L600 230 L950 400 L950 620 Z" fill="#ffffff"/>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M${250 + i * 100} 400 L600 230 L${300 + i * 100} 400 Z" fill="${i % 2 ? '#ffffff' : '#d62828'}"/>`).join('')}<rect x="540" y="470" width="120" height="150" fill="#3b2f2f"/><line x1="600" y1="230" x2="600" y2="160" stroke="#6c757d" stroke-width="8"/><path d="M600 160 L660 180 L600 200 Z" fill="#f77f00"/>`,
    ),
  },
  {
    id: 'holiday-club',
    keywords: ['holiday', 'club', 'children', 'fun', 'party', 'balloons', 'bunting'],
    svg: scene(
      '#fff0f3',
      '#ffccd5',
      `<path d="M0 120 Q600 260 1200 120" fill="none" stroke="#6c757d" stroke-width="6"/>${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<path d="M${60 + i * 130} ${140 + Math.round(Math.sin((i / 8) * Math.PI) * 70)} l60 0 l-30 70 Z" fill="${['#ef476f', '#ffd166', '#06d6a0', '#118ab2'][i % 4]}"/>`).join('')}${[
        [300, '#ef476f'],
        [420, '#118ab2'],
        [820, '#ffd166'],
        [940, '#06d6a0'],
      ]
        .map(
          ([x, colour]) =>
            `<ellipse cx="${x}" cy="430" rx="70" ry="90" fill="${colour}"/><path d="M${x} 520 Q${Number(x) + 20} 620 ${x} 740" fill="none" stroke="#495057" stroke-width="4"/>`,
        )
        .join('')}`,
    ),
  },
  {
    id: 'training-room',
    keywords: ['training', 'room', 'course', 'workshop', 'seminar', 'learning'],
    svg: scene(
      '#edf2f4',
      '#8d99ae',
      `<rect x="330" y="90" width="540" height="300" fill="#ffffff" stroke="#2b2d42" stroke-width="12"/><path d="M400 320 L520 230 L620 280 L800 150" fill="none" stroke="#ef233c" stroke-width="14"/>${[0, 1].map((row) => [0, 1, 2, 3, 4].map((i) => `<rect x="${190 + i * 180}" y="${520 + row * 130}" width="100" height="70" rx="10" fill="#2b2d42"/>`).join('')).join('')}`,
    ),
  },
  {
    id: 'microphone',
    keywords: ['microphone', 'mic', 'sound', 'speaking', 'equipment', 'audio', 'pa'],
    svg: scene(
      '#14213d',
      '#000000',
      `<rect x="500" y="120" width="200" height="300" rx="100" fill="#adb5bd"/>${[0, 1, 2, 3, 4].map((i) => `<line x1="510" y1="${190 + i * 40}" x2="690" y2="${190 + i * 40}" stroke="#6c757d" stroke-width="6"/>`).join('')}<path d="M450 320 Q450 500 600 500 Q750 500 750 320" fill="none" stroke="#e5e5e5" stroke-width="18"/><rect x="588" y="500" width="24" height="180" fill="#e5e5e5"/><rect x="480" y="680" width="240" height="30" rx="14" fill="#e5e5e5"/>`,
    ),
  },
  {
    id: 'projector',
    keywords: ['projector', 'screen', 'presentation', 'equipment', 'video', 'av'],
    svg: scene(
      '#212529',
      '#343a40',
      `<path d="M420 540 L1100 120 L1100 700 Z" fill="#fff3b0" opacity="0.35"/><rect x="1080" y="110" width="40" height="600" fill="#f8f9fa"/><rect x="130" y="470" width="340" height="150" rx="20" fill="#adb5bd"/><circle cx="420" cy="545" r="55" fill="#495057"/><circle cx="420" cy="545" r="32" fill="#8ecae6"/><rect x="170" y="500" width="120" height="20" rx="8" fill="#6c757d"/><rect x="170" y="620" width="30" height="40" fill="#6c757d"/><rect x="400" y="620" width="30" height="40" fill="#6c757d"/>`,
    ),
  },
  {
    id: 'minibus',
    keywords: ['minibus', 'bus', 'transport', 'vehicle', 'trip', 'equipment'],
    svg: scene(
      '#bde0fe',
      '#adb5bd',
      `<rect x="0" y="640" width="1200" height="160" fill="#6c757d"/><path d="M180 620 L180 300 Q180 260 220 260 L900 260 Q980 260 1010 340 L1040 460 L1040 620 Z" fill="#ffb703"/>${[0, 1, 2, 3].map((i) => `<rect x="${220 + i * 170}" y="300" width="140" height="120" rx="10" fill="#caf0f8"/>`).join('')}<path d="M900 300 L960 300 L1000 430 L900 430 Z" fill="#caf0f8"/><circle cx="330" cy="630" r="70" fill="#212529"/><circle cx="330" cy="630" r="30" fill="#adb5bd"/><circle cx="880" cy="630" r="70" fill="#212529"/><circle cx="880" cy="630" r="30" fill="#adb5bd"/>`,
    ),
  },
  {
    id: 'parachute-game',
    keywords: ['parachute', 'game', 'games', 'children', 'play', 'outdoor'],
    svg: scene(
      '#caffbf',
      '#80b918',
      `<ellipse cx="600" cy="460" rx="480" ry="210" fill="#ffffff"/>${[0, 1, 2, 3, 4, 5, 6, 7]
        .map((i) => {
          const a1 = (i / 8) * 2 * Math.PI;
          const a2 = ((i + 1) / 8) * 2 * Math.PI;
          const point = (a: number) => `${Math.round(600 + 480 * Math.cos(a))} ${Math.round(460 + 210 * Math.sin(a))}`;
          return `<path d="M600 460 L${point(a1)} A480 210 0 0 1 ${point(a2)} Z" fill="${['#ef476f', '#ffd166', '#06d6a0', '#118ab2'][i % 4]}"/>`;
        })
        .join('')}<circle cx="600" cy="460" r="40" fill="#ffffff"/>`,
    ),
  },
  { id: 'portrait-1', keywords: ['portrait', 'person', 'people', 'profile', 'speaker'], svg: portrait('#a8dadc', '#1d3557', '#3d2b1f') },
  { id: 'portrait-2', keywords: ['portrait', 'person', 'people', 'profile', 'leader'], svg: portrait('#ffddd2', '#e29578', '#1b1b1b') },
  { id: 'portrait-3', keywords: ['portrait', 'person', 'people', 'profile', 'volunteer'], svg: portrait('#d8f3dc', '#40916c', '#8d5524') },
];
