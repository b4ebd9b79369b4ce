import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blocksOf, renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf } from '../../content/model.ts';
import WhatWeDo from './WhatWeDo.tsx';

async function block(): Promise<BlockOf<'whatWeDo'>> {
  const b = (await blocksOf('/')).find((x) => x.type === 'whatWeDo');
  if (b?.type !== 'whatWeDo') throw new Error('No whatWeDo block on /');
  return b;
}

describe('WhatWeDo', () => {
  it('renders the heading, text and highlights from YAML and links to the products and services', async () => {
    const b = await block();
    renderWithContent(<WhatWeDo block={b} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(b.heading);
    for (const p of b.paragraphs) expect(screen.getByText(p)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(b.highlights?.length ?? 0);
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/products', '/services']));
  });
});
