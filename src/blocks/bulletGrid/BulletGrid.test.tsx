import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithContent, withContent } from '../../../tests/support/content.tsx';
import type { BlockOf } from '../../content/model.ts';
import BulletGrid from './BulletGrid.tsx';
import { splitBullet } from './splitBullet.ts';

describe('splitBullet', () => {
  it('makes the text before the first colon the bold lead and keeps the colon with the rest', () => {
    expect(splitBullet('Live tracking: buses on a map')).toEqual({
      lead: 'Live tracking',
      rest: ': buses on a map',
    });
  });

  it('splits at the first colon only', () => {
    expect(splitBullet('Timings: 7:30 to 9:00')).toEqual({ lead: 'Timings', rest: ': 7:30 to 9:00' });
  });

  it('leaves a bullet without a colon plain', () => {
    expect(splitBullet('Paperless department')).toEqual({ lead: '', rest: 'Paperless department' });
  });

  it('makes nothing bold when the colon is the first character', () => {
    expect(splitBullet(': starts with a colon')).toEqual({ lead: '', rest: ': starts with a colon' });
  });

  it('keeps a trailing colon with its lead', () => {
    expect(splitBullet('Note:')).toEqual({ lead: 'Note', rest: ':' });
  });
});

describe('BulletGrid', () => {
  const block: BlockOf<'bulletGrid'> = {
    type: 'bulletGrid',
    heading: 'What you get',
    cards: [
      {
        title: 'Parents',
        icon: 'users',
        bullets: ['Live tracking: buses on a map', 'Paperless department', ': no lead', 'Times: 7:30 daily'],
      },
      { title: 'Admins', bullets: ['Reports: daily', 'Reports: daily'] },
    ],
  };

  it('renders each card as a titled list, with the lead of each bullet in <strong>', () => {
    renderWithContent(<BulletGrid block={block} />);
    expect(screen.getByRole('heading', { level: 2, name: 'What you get' })).toBeInTheDocument();
    const card = screen.getByRole('heading', { level: 3, name: 'Parents' }).closest('article') as HTMLElement;
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(block.cards[0]?.bullets);
    expect(items.map((li) => li.querySelector('strong')?.textContent ?? null)).toEqual([
      'Live tracking',
      null,
      null,
      'Times',
    ]);
  });

  it('shows repeated bullets and cards without a heading or icon', () => {
    renderWithContent(<BulletGrid block={{ type: 'bulletGrid', cards: [block.cards[1] as never] }} />);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    const card = screen.getByRole('heading', { level: 3, name: 'Admins' }).closest('article') as HTMLElement;
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(card.querySelector('svg.lucide-users')).toBeNull();
  });

  it('lays the cards out in one column, and two from 768px wide', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'BulletGrid.module.css'), 'utf8');
    expect(css).toMatch(/\.grid\s*{[^}]*grid-template-columns:\s*1fr;/);
    expect(css).toMatch(
      /@media \(min-width: 768px\)\s*{\s*\.grid\s*{\s*grid-template-columns:\s*repeat\(2, minmax\(0, 1fr\)\);/,
    );
  });
});

describe('bulletGrid columns', () => {
  it('lays three cards out three across when asked, two by default', () => {
    const card = (n: number) => ({ title: `Card ${n}`, bullets: ['One'] as [string] });
    const cards: BlockOf<'bulletGrid'>['cards'] = [card(1), card(2), card(3)];
    const { container, rerender } = renderWithContent(
      <BulletGrid block={{ type: 'bulletGrid', cards, columns: 3 }} />,
    );
    const grid = () => container.querySelector('article')?.parentElement as HTMLElement;
    expect(grid().className).toMatch(/three/);
    rerender(withContent(<BulletGrid block={{ type: 'bulletGrid', cards }} />));
    expect(grid().className).not.toMatch(/three/);
  });
});
