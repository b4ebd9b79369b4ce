/**
 * The sections of Site settings, the one place they are named: each with its address
 * (#content/site/<id>), its name and a sentence for staff, the top-level keys of site.yaml it holds
 * (every key in exactly one section: siteSections.test.ts fails when the schema gains a key no
 * section holds) and what its preview draws (SiteSectionPreview.tsx).
 */
import type { Schema } from './formSchemas.ts';

export type SiteSectionId =
  | 'company'
  | 'navigation'
  | 'service-types'
  | 'industries'
  | 'clients'
  | 'forms'
  | 'shared-texts';

/** What a section's preview shows, drawn by the site's own components. */
export type SitePreviewPart =
  | 'header'
  | 'footer'
  | 'chat'
  | 'demoForm'
  | 'brochureForm'
  | 'applicationForm'
  | 'contactForm'
  | 'industriesCarousel'
  | 'clientsMarquee'
  | 'sharedTexts';

export interface SiteSection {
  id: SiteSectionId;
  /** Its name in the section list and its heading. */
  name: string;
  /** One sentence for staff: what it holds, where visitors see it. */
  lead: string;
  /** The top-level keys of site.yaml it holds, in the form's order. */
  keys: readonly string[];
  /** What the preview shows, top to bottom. */
  preview: readonly SitePreviewPart[];
  /** The preview's name, for its frame and its label ("the footer"). */
  previewName: string;
}

export const SITE_SECTIONS: readonly SiteSection[] = [
  {
    id: 'company',
    name: 'Company and contact',
    lead: 'The company’s name, logos and contact details, shown in the footer of every page and in search results.',
    // `$schema` is the editor line at the top of the file: kept as it is, never shown.
    keys: ['company', 'contact', 'social', 'copyright', 'titleTemplate', 'url', 'timeZone', '$schema'],
    preview: ['footer'],
    previewName: 'the footer',
  },
  {
    id: 'navigation',
    name: 'Navigation',
    lead: 'The header menu, and the words of the header, footer and chat button.',
    keys: ['navigation', 'frame'],
    preview: ['header', 'footer', 'chat'],
    previewName: 'the header and footer',
  },
  {
    id: 'service-types',
    name: 'Service types',
    lead: 'The choices of the Service Type list in the demo and inquiry form. The form accepts only these.',
    keys: ['serviceTypes'],
    preview: ['demoForm'],
    previewName: 'the demo and inquiry form',
  },
  {
    id: 'industries',
    name: 'Industries',
    lead: 'The industries the company serves, shown in the carousel on the home page.',
    keys: ['industries'],
    preview: ['industriesCarousel'],
    previewName: 'the industries carousel',
  },
  {
    id: 'clients',
    name: 'Clients',
    lead: 'The clients and partners, shown as a scrolling row of logos on the home page.',
    keys: ['clients'],
    preview: ['clientsMarquee'],
    previewName: 'the clients strip',
  },
  {
    id: 'forms',
    name: 'Forms',
    lead: 'The words of the demo, brochure, job application and chat forms, and where the forms send.',
    keys: ['forms', 'backend'],
    preview: ['demoForm', 'brochureForm', 'applicationForm', 'contactForm'],
    previewName: 'the forms',
  },
  {
    id: 'shared-texts',
    name: 'Shared texts',
    lead: 'Text cards that several pages show word for word, written once here.',
    keys: ['sharedText'],
    preview: ['sharedTexts'],
    previewName: 'the shared text cards',
  },
];

export const FIRST_SITE_SECTION: SiteSection = SITE_SECTIONS[0] as SiteSection;

export function siteSection(id: string | undefined): SiteSection | undefined {
  return SITE_SECTIONS.find((s) => s.id === id);
}

/** The section holding a top-level key of site.yaml (undefined: a key no section holds). */
export function sectionOfKey(key: string): SiteSection | undefined {
  return SITE_SECTIONS.find((s) => s.keys.includes(key));
}

/** The address of a section: #content/site/<id>. */
export const siteSectionHash = (id: SiteSectionId): string => `#content/site/${id}`;

/** The section an address asks for: `#content/site/forms` gives forms; any other address, none. */
export function sectionFromHash(hash: string): SiteSection | undefined {
  const match = /^#content\/site(?:\/([a-z-]+))?\/?$/.exec(hash);
  if (!match) return undefined;
  return siteSection(match[1]) ?? FIRST_SITE_SECTION;
}

/** The top-level keys of the schema that no section holds (a test keeps this empty). */
export function keysWithoutSection(schemaKeys: readonly string[]): string[] {
  return schemaKeys.filter((key) => !sectionOfKey(key));
}

/** The site form's schema cut down to one section's keys, in the section's order. */
export function sectionSchema(site: Schema, section: SiteSection): Schema {
  const all = (site.properties ?? {}) as Record<string, Schema>;
  const properties: Record<string, Schema> = {};
  for (const key of section.keys) {
    const prop = all[key];
    if (prop) properties[key] = prop;
  }
  const required = Array.isArray(site.required)
    ? (site.required as string[]).filter((key) => key in properties)
    : [];
  return { ...site, properties, required };
}

/** The part of site.yaml's data a section's form shows. */
export function sectionData(data: Record<string, unknown>, section: SiteSection): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of section.keys) if (key in data) out[key] = data[key];
  return out;
}

/**
 * The whole file's data after the section's form changed: the section's keys from the form, the
 * other keys as they were, in the file's own order (a key the form removed is removed).
 */
export function withSectionData(
  data: Record<string, unknown>,
  section: SiteSection,
  part: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!section.keys.includes(key)) out[key] = value;
    else if (key in part) out[key] = part[key];
  }
  for (const [key, value] of Object.entries(part)) if (!(key in out)) out[key] = value;
  return out;
}

/** The sections a version changed, from the top-level keys it changed (a key no section holds: none). */
export function sectionsChanged(keys: readonly string[]): SiteSectionId[] {
  return SITE_SECTIONS.filter((s) => s.keys.some((k) => keys.includes(k))).map((s) => s.id);
}

/**
 * Whether a version of site.yaml in the history changed something in `section`: the server says
 * which top-level keys each version changed (`keys`); a version without them (an older server)
 * is listed everywhere.
 */
export function versionChangedSection(version: object, section: SiteSection): boolean {
  const keys = (version as { keys?: unknown }).keys;
  if (!Array.isArray(keys)) return true;
  return keys.some((k) => typeof k === 'string' && section.keys.includes(k));
}
