// @vitest-environment node
/**
 * A page taken down (`unpublished: true`, issue 35) stays in the repository and is checked as any
 * page, but it is not on the site: it serves no address, it is in no list (menus, cards, the
 * sitemap, the open positions), a link to it is broken unless a redirect leads on from its
 * address, and that address and its place in a list are free for another page.
 */
import { describe, expect, it } from 'vitest';
import { repositoryContent } from '../../tests/support/repositoryContent.ts';
import { openPositions } from '../content/model.ts';
import { modelOf } from '../content/readSite.ts';
import { bundledSchemas } from './bundledSchemas.ts';
import { formatError } from './formatErrors.ts';
import { memorySource } from './memorySource.ts';
import { REDIRECTS_FILE, validateSite } from './validateSite.ts';

const TODAY = '2026-11-27';
const JOB = 'pages/careers/graphic-designer.yaml';
const HEAD = '# yaml-language-server: $schema=./schema/redirects.schema.json\nredirects:\n';

function validateWith(edit: (files: Map<string, string>) => void) {
  const { files, images } = repositoryContent();
  edit(files);
  return validateSite(memorySource({ files, images, schemas: bundledSchemas }), { today: TODAY });
}

const takeDown = (files: Map<string, string>, file = JOB) =>
  files.set(file, (files.get(file) ?? '').replace(/^title: /m, 'unpublished: true\ntitle: '));

describe('a page taken down', () => {
  it('is valid, kept apart from the live pages, and on no address, list or position', () => {
    const result = validateWith((files) => takeDown(files));
    expect(result.errors.map(formatError)).toEqual([]);
    const content = result.content;
    if (!content) throw new Error('no content');
    expect(content.pages.map((p) => p.file)).not.toContain(JOB);
    // (The "no openings right now" page is kept taken down while jobs are open.)
    expect(content.unpublished.map((p) => p.file)).toEqual([JOB, 'pages/careers/no-openings.yaml']);
    const model = modelOf(content, bundledSchemas);
    expect(model.routes.map((r) => r.path)).not.toContain('/careers/graphic-designer');
    const jobs = (model.collections.jobs ?? []).map((p) => p.link);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs).not.toContain('/careers/graphic-designer');
    expect(openPositions(content.pages)).not.toContain('Graphic Designer');
    expect(openPositions(content.pages).length).toBeGreaterThan(0);
  });

  it('breaks a link to its address, unless a redirect leads on from there', () => {
    const linking = (files: Map<string, string>) => {
      takeDown(files);
      // The 404 page's button leads to the page taken down.
      const notFound = files.get('pages/404.yaml') ?? '';
      files.set('pages/404.yaml', notFound.replace('href: /\n', 'href: /careers/graphic-designer\n'));
    };
    const broken = validateWith(linking);
    expect(broken.errors.map(formatError).join('\n')).toMatch(
      /pages\/404\.yaml:26:11 {2}blocks\[2\]\.href\n.*"\/careers\/graphic-designer"/,
    );
    const redirected = validateWith((files) => {
      linking(files);
      files.set(REDIRECTS_FILE, `${HEAD}  - from: /careers/graphic-designer\n    to: /careers\n`);
    });
    expect(redirected.errors.map(formatError)).toEqual([]);
    expect(redirected.content?.redirects).toEqual([{ from: '/careers/graphic-designer', to: '/careers' }]);
  });

  it('leaves its address and its place in the list to another page', () => {
    const result = validateWith((files) => {
      takeDown(files);
      // A new opening at the same place in the jobs list.
      const job = files.get(JOB) ?? '';
      const order = /^\s+order: (\d+)$/m.exec(job)?.[1];
      const other = 'pages/careers/app-developer.yaml';
      files.set(other, (files.get(other) ?? '').replace(/^(\s+order: )\d+$/m, `$1${order}`));
    });
    expect(result.errors.map(formatError)).toEqual([]);
  });
});
