/**
 * What each pre-rendered page loads up front, read from the build the suite runs against
 * (scripts/check-bundle.ts on E2E_BUILD_DIR/client): for every route and alias and the 404 page,
 * its entry script, module preloads and their static imports hold no sweetalert2 and no form code,
 * and keen-slider only on a page with the industries carousel. Sizes are not asserted here: the
 * budget is measured by `npm run lighthouse`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlFileFor } from '../../scripts/build/prerender.ts';
import { checkBundle, firstLoadProblems, usesIndustriesCarousel } from '../../scripts/check-bundle.ts';
import { deriveRoutes, NOT_FOUND_PATH } from '../../src/content/model.ts';
import { REPO_ROOT, siteContent } from './support/site.ts';

const clientDir = path.join(path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist'), 'client');

function routes() {
  const { pages } = siteContent();
  const blocksOf = new Map(pages.map((p) => [p.file, p.page.blocks]));
  return deriveRoutes(pages).map((r) => ({
    path: r.path,
    file: htmlFileFor(r.path),
    carousel: (blocksOf.get(r.file) ?? []).some((b) => b.type === 'industriesCarousel'),
  }));
}

describe('the first load of every pre-rendered page', () => {
  it('covers every route, alias and the 404 page of the content', () => {
    const all = routes();
    expect(all.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/services', NOT_FOUND_PATH]));
    expect(all.filter((r) => r.carousel).map((r) => r.path)).toContain('/');
  });

  it('holds no sweetalert2, no form code, and keen-slider only where the industries carousel is', () => {
    const problems: Record<string, string[]> = {};
    for (const route of routes()) {
      const html = readFileSync(path.join(clientDir, route.file), 'utf8');
      // The pre-rendered HTML shows the carousel exactly where the content has it.
      expect(usesIndustriesCarousel(html), `${route.path}: carousel in the HTML`).toBe(route.carousel);
      const report = checkBundle(clientDir, route.file);
      expect(report.files.length, `${route.path}: first-load scripts`).toBeGreaterThan(0);
      const found = firstLoadProblems(report, route.carousel);
      if (found.length) problems[route.path] = found;
    }
    expect(problems).toEqual({});
  });

  it('leaves the deferred blocks (forms, sliders) out, their code loading only when needed', () => {
    // A page with a form: the form's own chunk is not among what loads first.
    const report = checkBundle(clientDir, htmlFileFor('/services/iot'));
    expect(report.files.filter((f) => /DemoForm|useSubmission|sweetalert2/.test(f))).toEqual([]);
    const home = checkBundle(clientDir, htmlFileFor('/'));
    expect(home.files.filter((f) => /IndustriesCarousel|ServicesCarousel/.test(f))).toEqual([]);
  });
});
