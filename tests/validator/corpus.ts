/**
 * Mistakes a content editor really makes, most on a new service page copied from the README's
 * template (tests/fixtures/new-service/drone-training.yaml), some in site.yaml and a job page.
 * Each says where the validator must point (the first occurrence of `at` in the edited file, moved
 * `offset` characters) and words the message must contain that name the fix; `follow` does what
 * the message says, literally, and the result must validate without moving any other page's address.
 */

export const NEW_PAGE = 'pages/services/drone-training.yaml';
const JOB = 'pages/careers/app-developer.yaml';

export interface Reported {
  line: number;
  column: number;
  message: string;
}

export interface Mistake {
  name: string;
  /** The file edited (default: the new service page). */
  file?: string;
  /** Create `file` as a copy of this one before editing (a page copied, then changed). */
  copyOf?: string;
  edit: (text: string) => string;
  /** The message points at the first occurrence of this text in the edited file... */
  at: string;
  /** ...moved this many characters to the right (default 0). */
  offset?: number;
  severity: 'error' | 'warning';
  /** Words of the message that say what to do. */
  says: RegExp;
  /** The file after doing what the message says. */
  follow?: (text: string, reported: Reported) => string;
}

/** A mistake that is reported nowhere because it changes nothing a visitor sees: why. */
export interface Harmless {
  name: string;
  file?: string;
  edit: (text: string) => string;
  why: string;
}

// Doing what a message says.
const suggested = (wrong: string) => (t: string, r: Reported) =>
  t.replace(wrong, /Did you mean "([^"]+)"/.exec(r.message)?.[1] ?? wrong);
/** Replaces the reported line (keeping its indentation) by what the message says to write. */
const lineFrom = (pattern: RegExp) => (t: string, r: Reported) => {
  const lines = t.split('\n');
  const written = pattern.exec(r.message)?.[1];
  const old = lines[r.line - 1] ?? '';
  if (written !== undefined) lines[r.line - 1] = `${/^\s*/.exec(old)?.[0] ?? ''}${written}`;
  return lines.join('\n');
};
/** Replaces a text by the one the message gives after "e.g." (a number or a quoted value). */
const example = (wrong: string) => (t: string, r: Reported) =>
  t.replace(wrong, /e\.g\. ("[^"]*"|\d+)/.exec(r.message)?.[1] ?? wrong);
const replaceWith = (from: string, to: string) => (t: string) => t.replace(from, to);

const swap = (from: string, to: string) => (t: string) => {
  if (!t.includes(from)) throw new Error(`The corpus edit expects "${from}" in the file`);
  return t.replace(from, to);
};

export const mistakes: Mistake[] = [
  // 1. Two pages with one place in a list.
  {
    name: 'listing.order already taken by another service',
    edit: swap('order: 14', 'order: 3'),
    at: 'order: 3',
    offset: 7,
    severity: 'error',
    says: /Order 3 is already taken in the services list by pages\/services\/magazine-brochure\.yaml.*e\.g\. 14/,
    follow: example('order: 3'.slice(7)),
  },
  {
    name: 'a job page copied with its order kept',
    file: 'pages/careers/data-analyst.yaml',
    copyOf: JOB,
    edit: swap('path: /careers/app-developer', 'path: /careers/data-analyst'),
    at: 'order: 5',
    offset: 7,
    severity: 'error',
    says: /Order 5 is already taken in the jobs list by pages\/careers\/app-developer\.yaml.*e\.g\. 6/,
    follow: (t, r) => t.replace('order: 5', `order: ${/e\.g\. (\d+)/.exec(r.message)?.[1]}`),
  },
  // 2. Dates that do not exist; a posting closing before it opens.
  {
    name: '30 February',
    file: JOB,
    edit: swap('validThrough: "2027-02-28"', 'validThrough: "2027-02-30"'),
    at: '"2027-02-30"',
    severity: 'error',
    says: /February 2027 has 28 days.*e\.g\. "2027-02-28"/,
    follow: example('"2027-02-30"'),
  },
  {
    name: '31 April',
    file: JOB,
    edit: swap('datePosted: "2026-11-02"', 'datePosted: "2026-04-31"'),
    at: '"2026-04-31"',
    severity: 'error',
    says: /April 2026 has 30 days/,
    follow: example('"2026-04-31"'),
  },
  {
    name: 'a thirteenth month',
    file: JOB,
    edit: swap('datePosted: "2026-11-02"', 'datePosted: "2026-13-02"'),
    at: '"2026-13-02"',
    severity: 'error',
    says: /Write the date as YYYY-MM-DD/,
  },
  {
    name: 'a date written the Indian way',
    file: JOB,
    edit: swap('datePosted: "2026-11-02"', 'datePosted: 02/11/2026'),
    at: '02/11/2026',
    severity: 'error',
    says: /Write the date as YYYY-MM-DD \(year, month, day\), e\.g\. "2026-11-02"/,
  },
  {
    name: 'a posting that closes before it is posted',
    file: JOB,
    edit: swap('datePosted: "2026-11-02"', 'datePosted: "2027-03-01"'),
    at: '"2027-02-28"',
    severity: 'error',
    says: /closes on 2027-02-28, before it is posted.*on or after 2027-03-01/,
  },
  // A section copied onto a kind of page it is not made for.
  {
    name: "a service page's call to action pasted onto a job page",
    file: JOB,
    edit: swap(
      '  - type: applicationForm\n',
      '  - type: callToAction\n    label: Ready to join us?\n    paragraph: Apply below.\n  - type: applicationForm\n',
    ),
    at: 'callToAction',
    severity: 'error',
    says: /A "callToAction" block cannot go on a job opening.*Use one of the types this page may hold \(applicationForm, bulletGrid, jobTiles, pageHero, textCards\)/,
    follow: (t) =>
      t.replace('  - type: callToAction\n    label: Ready to join us?\n    paragraph: Apply below.\n', ''),
  },
  // 3. A text cut short by " #".
  {
    name: 'an unquoted description with " #1"',
    edit: swap(
      'description: Hands-on drone pilot training',
      'description: Rated #1 for hands-on drone pilot training',
    ),
    at: 'Rated #1',
    severity: 'warning',
    says: /page shows only "Rated".*double quotes: description: "Rated #1 for hands-on/,
    follow: lineFrom(/double quotes: (.*")\. \(/),
  },
  {
    name: 'a bullet with a "#" in its text',
    edit: swap(
      '- Supervised practice flights on training drones',
      '- Supervised flights with drone #3 and #4',
    ),
    at: 'Supervised flights',
    severity: 'warning',
    says: /shows only "Supervised flights with drone".*double quotes: - "Supervised flights with drone #3 and #4"/,
    follow: lineFrom(/double quotes: (.*")\. \(/),
  },
  {
    name: 'a heading cut by a hashtag',
    edit: swap('heading: Drone Pilot Training', 'heading: Drone Pilot Training #FlySafe'),
    at: 'Drone Pilot Training #',
    severity: 'warning',
    says: /double quotes: heading: "Drone Pilot Training #FlySafe"/,
    follow: lineFrom(/double quotes: (.*")\. \(/),
  },
  {
    name: 'a picture description with a "#"',
    edit: swap('alt: A drone in flight over a school field', 'alt: Drone #2 in flight over a school field'),
    at: 'Drone #2',
    severity: 'warning',
    says: /double quotes: alt: "Drone #2 in flight over a school field"/,
    follow: lineFrom(/double quotes: (.*")\. \(/),
  },
  {
    name: 'a colour written without quotes (all of it read as a comment)',
    edit: swap(
      'paragraph: Contact us to book',
      'gradient:\n      - #33f\n      - "#0ea5e9"\n    paragraph: Contact us to book',
    ),
    at: '- #33f',
    offset: 2,
    severity: 'error',
    says: /YAML reads "#33f" as a comment.*Put the value in double quotes: - "#33f"/,
  },
  // 4. An address claimed by two pages.
  {
    name: 'the template copied with its alias left in',
    file: 'pages/services/drone-school.yaml',
    copyOf: 'pages/services/school-management.yaml',
    edit: (t) =>
      swap(
        'path: /services/school-management',
        'path: /services/drone-school',
      )(t).replace(/order: \d+/, 'order: 20'),
    at: '/services]',
    severity: 'error',
    says: /"\/services" already leads to pages\/services\/school-management\.yaml.*Remove "\/services" from this page's aliases/,
    follow: replaceWith('aliases: [/services]\n', ''),
  },
  {
    name: 'the template copied with its path left as it was',
    file: 'pages/services/drone-school.yaml',
    copyOf: 'pages/services/school-management.yaml',
    edit: (t) => t.replace('aliases: [/services]\n', '').replace(/order: \d+/, 'order: 20'),
    at: '/services/school-management',
    severity: 'error',
    says: /is the address of pages\/services\/school-management\.yaml.*Change it to "\/services\/drone-school"/,
    follow: (t, r) =>
      t.replace(
        'path: /services/school-management',
        `path: ${/Change it to "([^"]+)"/.exec(r.message)?.[1]}`,
      ),
  },
  {
    name: "an alias that is another page's address",
    edit: swap('path: /services/drone-training', 'path: /services/drone-training\naliases: [/services/iot]'),
    at: '/services/iot]',
    severity: 'error',
    says: /"\/services\/iot" already leads to pages\/services\/iot\.yaml \(as its path\).*Remove "\/services\/iot" from this page's aliases/,
    follow: replaceWith('aliases: [/services/iot]\n', ''),
  },
  {
    name: 'an alias another page already has',
    edit: swap(
      'path: /services/drone-training',
      'path: /services/drone-training\naliases:\n  - /drones\n  - /careers',
    ),
    at: '/careers',
    severity: 'error',
    says: /"\/careers" already leads to pages\/careers\/customer-support\.yaml \(as an alias\).*Remove "\/careers"/,
    follow: replaceWith('\n  - /careers', ''),
  },
  {
    name: 'a path that does not mirror the file',
    edit: swap('path: /services/drone-training', 'path: /services/drones'),
    at: '/services/drones',
    severity: 'error',
    says: /Change the path to "\/services\/drone-training"/,
    follow: replaceWith('path: /services/drones', 'path: /services/drone-training'),
  },
  // 6. Messages that say what to do.
  {
    name: 'typographic quotes around a text with ": "',
    edit: swap(
      'subheading: From the first hover to confident survey flights.',
      'subheading: “Step one: the first hover”',
    ),
    at: '“Step',
    severity: 'error',
    says: /typographic quote \(“\).*Type straight quotes instead: subheading: "Step one: the first hover"$/,
    follow: lineFrom(/instead: (.*)$/),
  },
  {
    name: 'typographic quotes around an address',
    edit: swap('src: /images/services/iot/card.svg', 'src: “/images/services/iot/card.svg”'),
    at: '“/images',
    severity: 'error',
    says: /typographic quotes \(“ ”\).*type straight quotes " " or none/,
  },
  {
    name: 'a bullet written -"text" among bullets written - "text"',
    edit: swap(
      '- "Airspace rules: where and when a drone may fly"',
      '-"Airspace rules: where and when a drone may fly"',
    ),
    at: '-"Airspace',
    severity: 'error',
    says: /needs a space between the "-" and the item\. Write this line as: - "Airspace rules/,
    follow: lineFrom(/Write this line as: (.*)$/),
  },
  {
    name: 'every bullet written -"text"',
    edit: (t) =>
      swap(
        '- "Quadcopter assembly',
        '-"Quadcopter assembly',
      )(t)
        .replace('- "Aerial photography', '-"Aerial photography')
        .replace(
          '- A certificate of completion for every participant',
          '-"A certificate of completion for every participant"',
        ),
    at: '-"Quadcopter',
    severity: 'error',
    says: /list item needs a space between the "-" and the item/,
  },
  {
    name: 'a block written -type:',
    edit: swap('  - type: scrollDown', '  -type: scrollDown'),
    at: '-type: scrollDown',
    severity: 'error',
    says: /Write this line as: - type: scrollDown/,
    follow: lineFrom(/Write this line as: (.*)$/),
  },
  {
    name: 'an apostrophe inside single quotes',
    edit: swap('title: Build-Your-Own Workshop', "title: 'Builder's Workshop'"),
    at: "'s Workshop",
    severity: 'error',
    says: /double quotes instead: "Builder's Workshop".*'Builder''s Workshop'/,
    follow: (t) => t.replace("'Builder's Workshop'", '"Builder\'s Workshop"'),
  },
  {
    name: 'an apostrophe inside single quotes in a list',
    edit: swap('- Supervised practice flights on training drones', "- 'Everyone's first flight, supervised'"),
    at: "'s first",
    severity: 'error',
    says: /double quotes instead: "Everyone's first flight, supervised"/,
  },
  {
    name: 'a gradient colour named "blue"',
    edit: swap(
      'paragraph: Contact us to book',
      'gradient: [blue, "#0ea5e9"]\n    paragraph: Contact us to book',
    ),
    at: 'blue',
    severity: 'error',
    says: /# and six hexadecimal digits.*e\.g\. "#4338ca"/,
    follow: replaceWith('[blue,', '["#4338ca",'),
  },
  {
    name: 'a gradient colour in short form',
    edit: swap(
      'paragraph: Contact us to book',
      'gradient: ["#33f", "#0ea5e9"]\n    paragraph: Contact us to book',
    ),
    at: '"#33f"',
    severity: 'error',
    says: /"#33f" is short for "#3333ff": write that/,
    follow: replaceWith('"#33f"', '"#3333ff"'),
  },
  // 7. The nearest name, whenever one is close.
  {
    name: 'block type bulletList (the README example)',
    edit: swap('type: bulletGrid', 'type: bulletList'),
    at: 'bulletList',
    severity: 'error',
    says: /^Unknown block type "bulletList"\. Did you mean "bulletGrid"\?$/,
    follow: suggested('bulletList'),
  },
  {
    name: 'block type without its capital',
    edit: swap('type: bulletGrid', 'type: bulletgrid'),
    at: 'bulletgrid',
    severity: 'error',
    says: /Did you mean "bulletGrid"\?/,
    follow: suggested('bulletgrid'),
  },
  {
    name: 'block type misspelt',
    edit: swap('type: callToAction', 'type: callToActon'),
    at: 'callToActon',
    severity: 'error',
    says: /Did you mean "callToAction"\?/,
    follow: suggested('callToActon'),
  },
  {
    name: 'block type named after its look',
    edit: swap('type: pageHero', 'type: heroBanner'),
    at: 'heroBanner',
    severity: 'error',
    says: /Did you mean "hero"\?/,
  },
  {
    name: 'block type between two names',
    edit: swap('type: aboutCard', 'type: imageGallery'),
    at: 'imageGallery',
    severity: 'error',
    says: /Did you mean "imageLink" or "imageRow"\?/,
  },
  {
    name: 'block type from another site builder',
    edit: swap('type: scrollDown', 'type: carousel'),
    at: 'carousel',
    severity: 'error',
    says: /Known types: aboutCard, actionButton/,
  },
  {
    name: 'a property misspelt',
    edit: swap('subheading: From', 'subheadline: From'),
    at: 'subheadline',
    severity: 'error',
    says: /Unknown property "subheadline"\. Did you mean "subheading"\?/,
    follow: suggested('subheadline'),
  },
  {
    name: 'bullets misspelt',
    edit: swap('        bullets:\n          - "Flight', '        bulets:\n          - "Flight'),
    at: 'bulets',
    severity: 'error',
    says: /Did you mean "bullets"\?/,
    follow: suggested('bulets'),
  },
  {
    name: 'a property of another block',
    edit: swap('    title: About Service', '    heading: About Service'),
    at: 'heading: About',
    severity: 'error',
    says: /Unknown property "heading": here it is called "title" \(the card's heading\)\. Rename "heading" to "title"\./,
    follow: replaceWith('    heading: About Service', '    title: About Service'),
  },
  {
    name: 'the company name in the title, which site.yaml adds',
    edit: swap(
      'title: Drone Pilot Training in Bangalore',
      'title: Drone Pilot Training in Bangalore | Triune Technologies',
    ),
    at: 'Drone Pilot Training in Bangalore |',
    severity: 'warning',
    says: /Shorten the title by 7 characters \(site\.yaml titleTemplate adds the company name\)/,
  },
  {
    name: 'an icon with a capital',
    edit: swap('icon: cpu', 'icon: CPU'),
    at: 'CPU',
    severity: 'error',
    says: /Did you mean "cpu"\?/,
    follow: suggested('CPU'),
  },
  {
    name: 'an icon the set does not have',
    edit: swap('icon: cpu', 'icon: drone'),
    at: 'icon: drone',
    offset: 6,
    severity: 'error',
    says: /Choose one of: bus, wallet/,
  },
  {
    name: 'a collection in the singular',
    edit: swap('collection: services', 'collection: service'),
    at: 'service\n',
    severity: 'error',
    says: /Did you mean "services"\?/,
    follow: (t) => t.replace('collection: service\n', 'collection: services\n'),
  },
  {
    name: 'a link to a page that does not exist',
    edit: swap(
      '  - type: demoForm',
      '  - type: actionButton\n    label: See our IoT work\n    href: /services/iots\n  - type: demoForm',
    ),
    at: '/services/iots',
    severity: 'error',
    says: /goes to no page.*Did you mean "\/services\/iot"\?/,
    follow: suggested('/services/iots'),
  },
  {
    name: 'a link without its leading slash',
    edit: swap(
      '  - type: demoForm',
      '  - type: actionButton\n    label: See our IoT work\n    href: services/iot\n  - type: demoForm',
    ),
    at: 'services/iot\n',
    severity: 'error',
    says: /should start with "\/"/,
    follow: replaceWith('href: services/iot', 'href: /services/iot'),
  },
  {
    name: 'a link over http',
    edit: swap(
      '  - type: demoForm',
      '  - type: actionButton\n    label: Our partner\n    href: http://example.com\n  - type: demoForm',
    ),
    at: 'http://',
    severity: 'error',
    says: /Use a secure address: "https:\/\/example\.com"/,
    follow: replaceWith('http://example.com', 'https://example.com'),
  },
  {
    name: 'an anchor misspelt',
    edit: swap(
      '  - type: demoForm',
      '  - type: actionButton\n    label: Book a flight\n    href: "#dmo"\n  - type: demoForm',
    ),
    at: '"#dmo"',
    severity: 'error',
    says: /Did you mean "demo"\?/,
    follow: replaceWith('"#dmo"', '"#demo"'),
  },
  {
    name: 'a picture that is not there',
    edit: swap('src: /images/services/iot/card.svg', 'src: /images/services/drone-training/card.svg'),
    at: '/images/services/drone-training/card.svg',
    severity: 'error',
    says: /there is no file public\/images\/services\/drone-training\/card\.svg/,
  },
  {
    name: 'a picture of a kind the site does not show',
    edit: swap('src: /images/services/iot/card.svg', 'src: /images/services/iot/card.gif'),
    at: '/images/services/iot/card.gif',
    severity: 'error',
    says: /Example: "\/images\/services\/iot\/hero\.svg"/,
  },
  {
    name: 'a path without its leading slash',
    edit: swap('path: /services/drone-training', 'path: services/drone-training'),
    at: 'path: services',
    offset: 6,
    severity: 'error',
    says: /Example: "\/services\/iot"/,
    follow: replaceWith('path: services/', 'path: /services/'),
  },
  // YAML syntax.
  {
    name: 'a tab in the indentation',
    edit: swap('  menuLabel: Drone Training', '\tmenuLabel: Drone Training'),
    at: '\tmenuLabel',
    severity: 'error',
    says: /replace the tab with spaces/,
    follow: replaceWith('\tmenuLabel', '  menuLabel'),
  },
  {
    name: 'a property indented one space too far',
    edit: swap('  menuLabel: Drone Training', '   menuLabel: Drone Training'),
    at: 'menuLabel',
    severity: 'error',
    says: /must start in the same column/,
  },
  {
    name: 'a property written twice',
    edit: swap('  menuLabel: Drone Training', '  menuLabel: Drone Training\n  title: Drones'),
    at: 'title: Drones',
    severity: 'error',
    says: /"title" appears twice.*remove or rename one of them/,
  },
  {
    name: 'a quote never closed',
    edit: swap('subheading: From the first hover', 'subheading: "From the first hover'),
    at: '"From',
    severity: 'error',
    says: /never closed\. Add the closing "/,
  },
  {
    name: 'a list never closed',
    edit: swap('path: /services/drone-training', 'path: /services/drone-training\naliases: [/drones'),
    at: '[/drones',
    severity: 'error',
    says: /never closed\. Add "\]"/,
    follow: replaceWith('[/drones', '[/drones]'),
  },
  {
    name: 'a text with ": " without quotes',
    edit: swap(
      'subheading: From the first hover to confident survey flights.',
      'subheading: Step one: the first hover',
    ),
    at: 'Step one',
    severity: 'error',
    says: /Put the whole text in "quotes"\. Write it as "Step one: the first hover"/,
    follow: replaceWith('Step one: the first hover', '"Step one: the first hover"'),
  },
  {
    name: 'more text after the closing quote',
    edit: swap('label: Ready to fly?', 'label: "Ready" to fly?'),
    at: 'to fly?',
    severity: 'error',
    says: /Put the whole text inside the quotes, or leave the quotes out/,
    follow: replaceWith('"Ready" to fly?', '"Ready to fly?"'),
  },
  // Shapes and values.
  {
    name: 'a text where a list is expected',
    edit: swap(
      '        bullets:\n          - "Flight basics: controls, take-off and landing"\n          - "Airspace rules: where and when a drone may fly"\n          - Supervised practice flights on training drones',
      '        bullets: Supervised practice flights on training drones',
    ),
    at: 'Supervised practice',
    severity: 'error',
    says: /Must be a list \(lines starting with "- "\)/,
  },
  {
    name: 'a list where a text is expected',
    edit: swap('  title: Drone Pilot Training\n', '  title:\n    - Drone Pilot Training\n'),
    at: '- Drone Pilot Training',
    severity: 'error',
    says: /Must be text, not a list/,
  },
  {
    name: 'an empty title',
    edit: swap('  title: Drone Pilot Training\n', '  title: ""\n'),
    at: '""',
    severity: 'error',
    says: /Must not be empty/,
  },
  {
    name: 'a description longer than search engines show',
    edit: swap(
      'description: Hands-on drone pilot training with supervised flying practice for students and staff.',
      `description: ${'Hands-on drone pilot training with supervised flying practice for students and staff. '.repeat(2).trim()}`,
    ),
    at: 'Hands-on drone pilot training with supervised flying practice for students and staff. Hands',
    severity: 'error',
    says: /at most 170 are allowed/,
  },
  {
    name: 'order 0',
    edit: swap('order: 14', 'order: 0'),
    at: 'order: 0',
    offset: 7,
    severity: 'error',
    says: /Must be at least 1/,
  },
  {
    name: 'an order in quotes',
    edit: swap('order: 14', 'order: "14"'),
    at: '"14"',
    severity: 'error',
    says: /Must be a whole number: write 14 without quotes/,
    follow: replaceWith('"14"', '14'),
  },
  {
    name: 'noindex: yes',
    edit: swap('path: /services/drone-training', 'path: /services/drone-training\nnoindex: yes'),
    at: 'yes',
    severity: 'error',
    says: /write true or false, without quotes/,
    follow: replaceWith('noindex: yes', 'noindex: true'),
  },
  {
    name: 'a picture without its description',
    edit: swap('    alt: A drone in flight over a school field\n', ''),
    at: 'src: /images/services/iot/card.svg',
    severity: 'error',
    says: /Missing required property "alt"\. Add a line "alt: …" here \(what the image shows/,
  },
  {
    name: 'a block without its type',
    edit: swap('  - type: callToAction\n', '  - callToAction:\n'),
    at: 'callToAction:',
    severity: 'error',
    says: /Every block needs a "type"/,
  },
  {
    name: 'a card name site.yaml does not have',
    file: JOB,
    edit: swap('- shared: careersAboutUs', '- shared: careerAboutUs'),
    at: 'careerAboutUs',
    severity: 'error',
    says: /Did you mean "careersAboutUs"\?/,
    follow: suggested('careerAboutUs'),
  },
  {
    name: 'site.yaml: a shortened menu whose last entry leads to no page',
    file: 'site.yaml',
    edit: swap(
      '      collection: services\n',
      '      collection: services\n      limit:\n        count: 10\n        label: All services\n        link: /services/all\n',
    ),
    at: 'link: /services/all\n',
    offset: 6,
    severity: 'error',
    says: /Create pages\/services\/all\.yaml \(path: \/services\/all\) holding a collectionList block/,
  },
  {
    name: 'site.yaml: a shortened menu whose last entry leads to a page not listing the services',
    file: 'site.yaml',
    edit: swap(
      '      collection: services\n',
      '      collection: services\n      limit:\n        count: 10\n        label: All services\n        link: /services/iot\n',
    ),
    at: '/services/iot',
    severity: 'error',
    says: /Add a collectionList block with collection: services to pages\/services\/iot\.yaml/,
  },
  {
    name: 'site.yaml: a property misspelt',
    file: 'site.yaml',
    edit: swap('  phone: "+91', '  phon: "+91'),
    at: 'phon:',
    severity: 'error',
    says: /Did you mean "phone"\?/,
    follow: suggested('phon'),
  },
  {
    name: 'site.yaml: an email without its domain',
    file: 'site.yaml',
    edit: swap('email: info@triunetechnologies.in', 'email: info@'),
    at: 'info@\n',
    severity: 'error',
    says: /Example: "hello@example\.com"/,
  },
  {
    name: 'site.yaml: a copyright cut by " #"',
    file: 'site.yaml',
    edit: swap('copyright: © 2024 Triune Technologies.', 'copyright: © 2024 Triune Technologies #1.'),
    at: '© 2024',
    severity: 'warning',
    says: /double quotes: copyright: "© 2024 Triune Technologies #1\. All rights reserved\."/,
    follow: lineFrom(/double quotes: (.*")\. \(/),
  },
  {
    name: "site.yaml: a form's label under a misspelt field name",
    file: 'site.yaml',
    edit: swap('      serviceType: Service Type', '      servicetype: Service Type'),
    at: 'servicetype:',
    severity: 'error',
    says: /Did you mean "serviceType"\?/,
    follow: suggested('servicetype'),
  },
  {
    name: "site.yaml: a form field's label left out",
    file: 'site.yaml',
    edit: swap('      coverLetter: Cover Letter\n', ''),
    at: 'fullName: Full Name',
    severity: 'error',
    says: /add a line "coverLetter: Cover letter"/,
    // The line the message gives, beside the reported first label.
    follow: (t, r) => {
      const lines = t.split('\n');
      const written = /add a line "([^"]+)"/.exec(r.message)?.[1];
      const indent = /^\s*/.exec(lines[r.line - 1] ?? '')?.[0] ?? '';
      if (written) lines.splice(r.line - 1, 0, `${indent}${written}`);
      return lines.join('\n');
    },
  },
  // The editor's schema line.
  {
    name: 'the schema line left out',
    edit: swap('# yaml-language-server: $schema=../../schema/page.schema.json\n', ''),
    at: '#',
    severity: 'warning',
    says: /Add this as its first line:\n {4}# yaml-language-server: \$schema=\.\.\/\.\.\/schema\/page\.schema\.json/,
  },
  {
    name: 'a byte order mark and a schema line for another folder',
    edit: (t) => `\uFEFF${swap('=../../schema', '=../schema')(t)}`,
    at: '../schema',
    severity: 'warning',
    says: /Change the line to:\n {4}# yaml-language-server: \$schema=\.\.\/\.\.\/schema\/page\.schema\.json/,
  },
];

export const harmless: Harmless[] = [
  {
    name: 'a byte order mark at the start of the file',
    edit: (t) => `\uFEFF${t}`,
    why: 'Some Windows editors write it; YAML and the editor ignore it.',
  },
  {
    name: 'a comment after an icon name',
    edit: swap('icon: rocket', 'icon: rocket # the closest to a drone'),
    why: 'An icon is a name, not words shown: the comment cuts nothing.',
  },
  {
    name: 'a comment after a number',
    edit: swap('order: 14', 'order: 14 # after IoT'),
    why: 'A number cannot be cut short by a comment.',
  },
  {
    name: 'a comment after a quoted text',
    edit: swap('label: Ready to fly?', 'label: "Ready to fly?" # asked by the sales team'),
    why: 'Quotes end the text before the comment: nothing is cut.',
  },
  {
    name: 'typographic quotes inside a text',
    edit: swap('title: About Service', 'title: “About” our service'),
    why: 'Typographic quotes are good typography in words shown to visitors; YAML keeps them as text.',
  },
  {
    name: 'an apostrophe in a text without quotes',
    edit: swap('label: Ready to fly?', "label: Let's fly"),
    why: 'Only a text that starts with a single quote ends at the next one.',
  },
  {
    name: 'a "#" with no space before it',
    edit: swap('label: Ready to fly?', 'label: Ready for C#?'),
    why: 'YAML starts a comment only at a "#" after a space.',
  },
];
