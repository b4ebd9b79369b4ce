/**
 * The sections of Site settings: every top-level key of site.yaml's schema belongs to exactly one
 * (a key added to the schema without a section fails here), addresses, the form's part of the data
 * written back in the file's order, and which versions of the history belong to a section.
 */
import { describe, expect, it } from 'vitest';
import siteSchemaFile from '../../../schema/site.schema.json';
import { siteSchema } from './schemaForms.ts';
import {
  keysWithoutSection,
  SITE_SECTIONS,
  sectionData,
  sectionFromHash,
  sectionOfKey,
  sectionSchema,
  sectionsChanged,
  siteSection,
  versionChangedSection,
  withSectionData,
} from './siteSections.ts';

const schemaKeys = Object.keys(siteSchemaFile.properties);

function section(id: string) {
  const found = siteSection(id);
  if (!found) throw new Error(`No section ${id}`);
  return found;
}

describe('the sections of Site settings', () => {
  it('hold every top-level key of the schema, each in exactly one section', () => {
    expect(keysWithoutSection(schemaKeys)).toEqual([]);
    for (const key of schemaKeys)
      expect(
        SITE_SECTIONS.filter((s) => s.keys.includes(key)).map((s) => s.id),
        key,
      ).toHaveLength(1);
    // No section names a key the schema does not have.
    for (const section of SITE_SECTIONS)
      for (const key of section.keys) expect(schemaKeys, section.id).toContain(key);
  });

  it('a new top-level key in the schema without a section is found', () => {
    expect(keysWithoutSection([...schemaKeys, 'newsletter'])).toEqual(['newsletter']);
  });

  it('are the seven the issue asks for, in order', () => {
    expect(SITE_SECTIONS.map((s) => s.name)).toEqual([
      'Company and contact',
      'Navigation',
      'Service types',
      'Industries',
      'Clients',
      'Forms',
      'Shared texts',
    ]);
    expect(sectionOfKey('frame')?.id).toBe('navigation');
    expect(sectionOfKey('backend')?.id).toBe('forms');
  });

  it('each form shows only its section’s keys, all of them known to the form', () => {
    const all = Object.keys(siteSchema().properties as object);
    const shown = SITE_SECTIONS.flatMap((s) =>
      Object.keys(sectionSchema(siteSchema(), s).properties as object),
    );
    expect(shown.sort()).toEqual([...all].sort());
    const forms = sectionSchema(siteSchema(), section('forms'));
    expect(forms.required).toEqual(['backend', 'forms']);
  });

  it('have addresses of their own', () => {
    expect(sectionFromHash('#content/site/forms')?.id).toBe('forms');
    expect(sectionFromHash('#content/site')?.id).toBe('company');
    expect(sectionFromHash('#content/site/nothing')?.id).toBe('company');
    expect(sectionFromHash('#content')).toBeUndefined();
    expect(sectionFromHash('#inbox/site/forms')).toBeUndefined();
  });

  it('write the form’s part back into the whole file, keeping the other keys and their order', () => {
    const data = { company: { name: 'A' }, url: 'u', serviceTypes: ['x'], clients: [{ name: 'c' }] };
    const company = section('company');
    const part = sectionData(data, company);
    expect(part).toEqual({ company: { name: 'A' }, url: 'u' });
    const next = withSectionData(data, company, { ...part, company: { name: 'B' } });
    expect(next).toEqual({ company: { name: 'B' }, url: 'u', serviceTypes: ['x'], clients: [{ name: 'c' }] });
    expect(Object.keys(next)).toEqual(['company', 'url', 'serviceTypes', 'clients']);
    // A key the form empties away goes; one it adds comes at the end.
    expect(withSectionData(data, company, { company: { name: 'A' }, copyright: '©' })).toEqual({
      company: { name: 'A' },
      serviceTypes: ['x'],
      clients: [{ name: 'c' }],
      copyright: '©',
    });
  });

  it('list in a section’s history the versions that changed one of its keys', () => {
    const nav = section('navigation');
    expect(versionChangedSection({ keys: ['frame'] }, nav)).toBe(true);
    expect(versionChangedSection({ keys: ['clients'] }, nav)).toBe(false);
    expect(versionChangedSection({ keys: [] }, nav)).toBe(false);
    // An older server sends no keys: the version is listed everywhere.
    expect(versionChangedSection({}, nav)).toBe(true);
    expect(sectionsChanged(['frame', 'clients', 'unknown'])).toEqual(['navigation', 'clients']);
  });
});
