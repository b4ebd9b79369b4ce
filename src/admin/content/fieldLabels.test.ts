/** Fields are named by the labels the form shows them with, never by their place in the file. */
import { describe, expect, it } from 'vitest';
import { pageFieldLabel, siteFieldLabel } from './fieldLabels.ts';
import { draftTime } from './localDraft.ts';

const page = {
  title: 'IoT',
  blocks: [
    { type: 'pageHero', heading: 'IoT' },
    { type: 'bulletGrid', cards: [{ title: 'Fleet', bullets: ['a', 'b', 'c'] }] },
  ],
};

describe('field labels', () => {
  it('names a block field by its title and its section', () => {
    expect(pageFieldLabel(page, ['blocks', 0, 'heading'])).toBe('Heading in Page hero');
    expect(pageFieldLabel(page, ['blocks', 1, 'cards', 0, 'bullets', 2])).toBe(
      'Bullet points 3 in Cards 1 in Bullet grid',
    );
    expect(pageFieldLabel(page, ['title'])).not.toContain('.');
    expect(siteFieldLabel(['company', 'name'])).toBe('Name in Company');
  });
});

describe('draftTime', () => {
  it('says the time in 24 hours today, with the day on another day', () => {
    const kept = new Date(2026, 10, 27, 10, 42).getTime();
    expect(draftTime(kept, new Date(2026, 10, 27, 18, 0).getTime())).toMatch(/^10[:.]42$/);
    expect(draftTime(new Date(2026, 10, 27, 22, 5).getTime(), kept)).toMatch(/^22[:.]05$/);
    expect(draftTime(kept, new Date(2026, 10, 28, 9, 0).getTime())).toMatch(/27.*10[:.]42$/);
  });
});
