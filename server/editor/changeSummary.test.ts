// @vitest-environment node
/** Commit messages say what changed by the form's labels (issue 32, "The history"). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { changesBetween, describeSave } from './changeSummary.ts';
import { REPO } from './editorTestSupport.ts';

const FILE = 'pages/services/iot.yaml';
const text = readFileSync(path.join(REPO, FILE), 'utf8');

interface IotPage {
  blocks: { type: string; heading?: string; cards?: { title: string; bullets: string[] }[] }[];
}

function edited(change: (data: IotPage) => void): string {
  const data = parse(text) as IotPage;
  change(data);
  return stringify(data);
}

describe('describeSave', () => {
  it('names the heading and the bullets of a card by their labels, with old and new words', () => {
    const after = edited((data) => {
      const [hero] = data.blocks;
      const card = data.blocks.find((b) => b.type === 'bulletGrid')?.cards?.[0];
      if (!hero || !card) throw new Error('iot.yaml has no hero or no bullet card');
      hero.heading = 'Telematics that pays for itself';
      card.bullets[0] = 'Live tracking: every vehicle on one map';
      card.bullets[3] = 'Trip history: replay any journey';
    });
    const { subject, lines } = describeSave(FILE, text, after);
    expect(subject).toBe(
      'Telematics (IoT): changed Heading in Page hero, and 2 bullet points in the card Fleet Telematics',
    );
    expect(lines).toContain(
      'Heading in Page hero: “Telematics & IoT Solutions” → “Telematics that pays for itself”',
    );
    expect(lines).toContain(
      'Bullet points 4 in the card Fleet Telematics in Bullet grid: “Trip history: replay any journey with stops and timings” → “Trip history: replay any journey”',
    );
    expect(subject).not.toMatch(/blocks|\.yaml/);
  });

  it('an inserted bullet is one addition, not a change of every bullet after it', () => {
    const changes = changesBetween(['a', 'b', 'c'], ['a', 'new', 'b', 'c']);
    expect(changes).toEqual([{ kind: 'added', path: [1], after: 'new' }]);
  });

  it('names site settings as such', () => {
    const site = readFileSync(path.join(REPO, 'site.yaml'), 'utf8');
    const data = parse(site);
    data.serviceTypes.push('Drone Pilot Training');
    const { subject } = describeSave('site.yaml', site, stringify(data));
    expect(subject).toMatch(/^Site settings: added /);
  });
});
