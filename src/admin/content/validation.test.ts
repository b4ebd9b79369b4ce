import { describe, expect, it } from 'vitest';
import { docFromText, textForValidation } from './document.ts';
import { repositoryImages, repositoryTexts } from './testing.ts';
import { placeProblems, type SiteSnapshot, segmentsOfWhere, targetOf, validateEdited } from './validation.ts';

const FILE = 'pages/services/iot.yaml';

function snapshot(): SiteSnapshot {
  return {
    files: repositoryTexts(),
    images: new Set(repositoryImages().map((i) => i.path)),
    changedAt: new Map(),
  };
}

function edited(change: (doc: ReturnType<typeof docFromText>) => void) {
  const snap = snapshot();
  const text = snap.files.get(FILE) ?? '';
  const doc = docFromText(text);
  change(doc);
  return { doc, problems: validateEdited(snap, FILE, textForValidation(doc, text), '2026-11-24') };
}

describe('validation while editing', () => {
  it("reads the validator's paths back into segments", () => {
    expect(segmentsOfWhere('blocks[3].cards[0].title')).toEqual(['blocks', 3, 'cards', 0, 'title']);
    expect(segmentsOfWhere('listing.image.src')).toEqual(['listing', 'image', 'src']);
    expect(segmentsOfWhere('')).toEqual([]);
    expect(targetOf({ file: FILE, line: 1, column: 1, where: 'blocks[2].heading', message: 'm' })).toEqual({
      form: 'block',
      index: 2,
      path: ['heading'],
    });
  });

  it('finds nothing wrong in an unchanged page (its serialised copy validates like the file)', () => {
    const { problems } = edited(() => undefined);
    expect(problems.errors).toEqual([]);
    expect(problems.warnings).toEqual([]);
  });

  it('pins an error to the block field it is about, in the words of npm run validate', () => {
    const { doc, problems } = edited((d) => {
      const first = d.blocks[0];
      if (first)
        first.data = {
          ...first.data,
          background: { desktop: '/images/nope.svg', mobile: '/images/nope.svg' },
        };
    });
    expect(problems.errors.map((e) => e.message)).toContain(
      'Image "/images/nope.svg" not found: there is no file public/images/nope.svg.',
    );
    const placed = placeProblems(
      problems,
      doc.blocks.map((b) => b.key),
    );
    expect(placed.blocks.get(0)).toEqual({
      background: {
        desktop: {
          __errors: ['Image "/images/nope.svg" not found: there is no file public/images/nope.svg.'],
        },
        mobile: {
          __errors: ['Image "/images/nope.svg" not found: there is no file public/images/nope.svg.'],
        },
      },
    });
    expect(placed.errorCount).toBe(2);
  });

  it('pins a required field left empty (dropped from the data, as the form does) to that field', () => {
    const { doc, problems } = edited((d) => {
      const first = d.blocks[0];
      if (first) {
        const { heading: _heading, ...rest } = first.data;
        first.data = rest;
      }
    });
    const placed = placeProblems(
      problems,
      doc.blocks.map((b) => b.key),
    );
    expect(placed.blockLevel.get(0)).toBeUndefined();
    expect(placed.blocks.get(0)).toEqual({
      heading: { __errors: [expect.stringMatching(/^Missing required property "heading"\./)] },
    });
  });

  it('pins a page detail error to its field, and a link to no page to the link', () => {
    const { doc, problems } = edited((d) => {
      d.details = { ...d.details, path: '/services/iot-new' };
    });
    const placed = placeProblems(
      problems,
      doc.blocks.map((b) => b.key),
    );
    expect(Object.keys(placed.details)).toContain('path');
    expect(JSON.stringify(placed.details)).toContain('does not match where the file is');
  });

  it('gives warnings by field id without counting them as errors', () => {
    const { doc, problems } = edited((d) => {
      d.details = { ...d.details, title: 'A very long title for the telematics page that goes on and on' };
    });
    const placed = placeProblems(
      problems,
      doc.blocks.map((b) => b.key),
    );
    expect(placed.errorCount).toBe(0);
    expect(placed.warningsById.get('page_title')?.[0]).toMatch(/search results cut it/);
  });
});
