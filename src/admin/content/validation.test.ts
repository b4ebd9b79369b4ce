import { describe, expect, it } from 'vitest';
import { docFromText, textForValidation } from './document.ts';
import { repositoryImages, repositoryTexts } from './testing.ts';
import { placeProblems, type SiteSnapshot, targetOf, validateEdited } from './validation.ts';

const FILE = 'pages/services/iot.yaml';
const NO_PICTURE =
  'There is no picture “/images/nope.svg” on the site: choose one with “Choose picture”, or upload it there.';

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
  it("places a problem by the validator's path, a list of keys", () => {
    expect(
      targetOf({
        file: FILE,
        line: 1,
        column: 1,
        path: ['blocks', 2, 'heading'],
        where: 'blocks[2].heading',
        message: 'm',
      }),
    ).toEqual({
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

  it('pins an error to the block field it is about, in the words of the form', () => {
    const { doc, problems } = edited((d) => {
      const first = d.blocks[0];
      if (first)
        first.data = {
          ...first.data,
          background: { desktop: '/images/nope.svg', mobile: '/images/nope.svg' },
        };
    });
    expect(problems.errors.map((e) => e.message)).toContain(NO_PICTURE);
    const placed = placeProblems(
      problems,
      doc.blocks.map((b) => b.key),
    );
    expect(placed.blocks.get(0)).toEqual({
      background: {
        desktop: {
          __errors: [NO_PICTURE],
        },
        mobile: {
          __errors: [NO_PICTURE],
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
      heading: { __errors: ['Heading is required: type it in.'] },
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
    expect(placed.details).toEqual({
      path: {
        __errors: [
          "This page's address is /services/iot, from its place in the site: change Address back to /services/iot. To give the page another address, use Change address in the list of pages: it also sends visitors of the old address on, and updates the links to it.",
        ],
      },
    });
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
    expect(placed.warningsById.get('page_title')).toEqual([
      'With the company name the site adds, search results show this title as 83 characters (“A very long title for the telematics page that goes on and on | Triune Technologies”) and cut it after about 70. Shorten Title by 13 characters.',
    ]);
  });

  it('names the closing date and the posting date by their labels, never validThrough or datePosted', () => {
    const file = 'pages/careers/app-developer.yaml';
    const snap = snapshot();
    const text = snap.files.get(file) ?? '';
    const doc = docFromText(text);
    const tiles = doc.blocks.find((b) => b.data.type === 'jobTiles');
    if (!tiles) throw new Error('no job tiles');
    const posting = tiles.data.posting as Record<string, unknown>;
    tiles.data = { ...tiles.data, posting: { ...posting, validThrough: '2026-11-01' } };
    const problems = validateEdited(snap, file, textForValidation(doc, text), '2026-11-24');
    expect(problems.errors.map((e) => [e.where, e.message])).toEqual([
      [
        expect.stringMatching(/posting\.validThrough$/),
        '“Applications close on” (2026-11-01) is before “Date posted” (2026-11-02): choose a day on or after 2026-11-02.',
      ],
    ]);
  });

  it("asks for a colour and a shorter heading in the form's words, without YAML", () => {
    const { problems } = edited((d) => {
      const first = d.blocks[0];
      if (first) first.data = { ...first.data, heading: 'x'.repeat(2000) };
    });
    expect(problems.errors.map((e) => e.message)).toEqual([
      'Heading is 2000 characters long and at most 80 fit: shorten it by 1920.',
    ]);
    const file = 'pages/services/foreign-language-lab.yaml';
    const snap = snapshot();
    const text = snap.files.get(file) ?? '';
    const doc = docFromText(text);
    const cta = doc.blocks.find((b) => b.data.type === 'callToAction');
    if (!cta) throw new Error('no call to action');
    cta.data = { ...cta.data, gradient: ['blue', '#0ea5e9'] };
    const colour = validateEdited(snap, file, textForValidation(doc, text), '2026-11-24');
    expect(colour.errors.map((e) => e.message)).toEqual([
      'Choose a colour with the colour button, or type # and six digits or letters a–f, e.g. #4338ca.',
    ]);
    for (const message of [...problems.errors, ...colour.errors].map((e) => e.message))
      expect(message).not.toMatch(/Add a line|in quotes|"[a-z]+[A-Z]\w*"|site\.yaml|pages\//);
  });
});
