import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf } from '../../content/model.ts';
import ImageRow from './ImageRow.tsx';

describe('ImageRow', () => {
  const images: BlockOf<'imageRow'>['images'] = [
    { src: '/images/g-1.svg', alt: 'A bus with a tracker', caption: 'GPS tracking' },
    { src: '/images/g-2.svg', alt: 'A fleet dashboard', caption: 'One dashboard' },
    { src: '/images/g-3.svg', alt: 'Sensors and a cloud' },
  ];

  it('shows every picture with its alt text, in order, and captions where given', () => {
    renderWithContent(<ImageRow block={{ type: 'imageRow', heading: 'In action', images }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'In action' })).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    items.forEach((item, i) => {
      const img = within(item).getByRole('img');
      expect(img).toHaveAttribute('src', images[i]?.src);
      expect(img).toHaveAttribute('alt', images[i]?.alt);
      expect(img).toHaveAttribute('loading', 'lazy');
    });
    expect(
      screen.getAllByRole('figure').map((f) => f.querySelector('figcaption')?.textContent ?? null),
    ).toEqual(['GPS tracking', 'One dashboard', null]);
  });

  it('has no heading when none is given', () => {
    renderWithContent(<ImageRow block={{ type: 'imageRow', images }} />);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
