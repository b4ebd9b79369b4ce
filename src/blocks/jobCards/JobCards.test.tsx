import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blocksOf, renderWithContent } from '../../../tests/support/content.tsx';
import type { BlockOf } from '../../content/model.ts';
import JobCards from './JobCards.tsx';

/** The home page's figures (they differ from the career pages' own; the specification gives both). */
const SPEC_JOBS = [
  ['Customer Support', '2 yrs', '/careers/customer-support'],
  ['Business Executive', '5 yrs', '/careers/business-executive'],
  ['Digital Marketing', '3 yrs', '/careers/digital-marketing'],
  ['Graphic Designer', '3 yrs', '/careers/graphic-designer'],
  ['App Developer', '2 yrs', '/careers/app-developer'],
];

async function block(): Promise<BlockOf<'jobCards'>> {
  const b = (await blocksOf('/')).find((x) => x.type === 'jobCards');
  if (b?.type !== 'jobCards') throw new Error('No jobCards block on /');
  return b;
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

describe('JobCards', () => {
  it('shows the 5 openings with the home page figures, each FULL TIME, linking to its career page with Apply Now', async () => {
    renderWithContent(<JobCards block={await block()} />);
    const cards = within(screen.getByTestId('job-cards')).getAllByRole('link');
    expect(cards).toHaveLength(5);
    for (const [i, [title, years, link]] of SPEC_JOBS.entries()) {
      const card = cards[i] as HTMLElement;
      expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(title);
      expect(card).toHaveTextContent(`Experience: ${years}`);
      expect(within(card).getByText('FULL TIME')).toBeInTheDocument();
      expect(within(card).getByText('Apply Now')).toBeInTheDocument();
      expect(card).toHaveAttribute('href', link);
      expect(card).not.toHaveAttribute('target');
    }
  });

  it('opens the career page in the same tab', async () => {
    renderWithContent(
      <>
        <JobCards block={await block()} />
        <Location />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: /Graphic Designer/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/careers/graphic-designer');
  });

  it('hides Apply Now until hover or keyboard focus (always shown on touch screens)', () => {
    const css = readFileSync(path.join(import.meta.dirname, 'JobCards.module.css'), 'utf8');
    expect(css).toMatch(/\.apply\s*{[^}]*opacity:\s*0;/);
    const reveal = /((?:\.card:[a-z-]+ \.apply,?\s*)+){[^}]*opacity:\s*1;/.exec(css);
    expect(reveal?.[1]).toMatch(/\.card:hover \.apply/);
    expect(reveal?.[1]).toMatch(/\.card:focus-(visible|within) \.apply/);
    expect(css).toMatch(/@media \(hover: none\)\s*{\s*\.apply\s*{[^}]*opacity:\s*1;/);
  });

  it('shows only the first `limit` openings when the block sets one (all 5 by default)', async () => {
    renderWithContent(<JobCards block={{ ...(await block()), limit: 2 }} />);
    const cards = within(screen.getByTestId('job-cards')).getAllByRole('link');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(SPEC_JOBS.slice(0, 2).map(([, , link]) => link));
  });
});
