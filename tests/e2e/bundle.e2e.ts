/**
 * What each pre-rendered page loads up front, read from the build the suite runs against
 * (scripts/check-bundle.ts on E2E_BUILD_DIR/client): for every route and alias and the 404 page,
 * its entry script, module preloads and their static imports stay within the budget
 * (firstLoadBudgetKb, gzip), hold no code of a block type the page does not have, no staff-app
 * code, no sweetalert2 and no form code, and keen-slider only on a page with the industries carousel.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlFileFor } from '../../scripts/build/prerender.ts';
import {
  checkBundle,
  FIRST_LOAD_BUDGET_KB,
  firstLoadBudgetKb,
  firstLoadProblems,
  readManifest,
  usesIndustriesCarousel,
} from '../../scripts/check-bundle.ts';
import { deriveRoutes, NOT_FOUND_PATH } from '../../src/content/model.ts';
import { REPO_ROOT, siteContent } from './support/site.ts';

const clientDir = path.join(path.resolve(REPO_ROOT, process.env.E2E_BUILD_DIR || 'dist'), 'client');

function routes() {
  const { pages } = siteContent();
  const blocksOf = new Map(pages.map((p) => [p.file, p.page.blocks]));
  return deriveRoutes(pages).map((r) => {
    const blockTypes = [...new Set((blocksOf.get(r.file) ?? []).map((b) => b.type))];
    return {
      path: r.path,
      file: htmlFileFor(r.path),
      blockTypes,
      carousel: blockTypes.includes('industriesCarousel'),
    };
  });
}

describe('the first load of every pre-rendered page', () => {
  it('covers every route, alias and the 404 page of the content', () => {
    const all = routes();
    expect(all.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/services', NOT_FOUND_PATH]));
    expect(all.filter((r) => r.carousel).map((r) => r.path)).toContain('/');
  });

  it(`stays within ${FIRST_LOAD_BUDGET_KB.home} KB gzip (home) or ${FIRST_LOAD_BUDGET_KB.other} KB and holds only code the page uses`, () => {
    const manifest = readManifest(clientDir);
    const problems: Record<string, string[]> = {};
    for (const route of routes()) {
      const html = readFileSync(path.join(clientDir, route.file), 'utf8');
      // The pre-rendered HTML shows the carousel exactly where the content has it.
      expect(usesIndustriesCarousel(html), `${route.path}: carousel in the HTML`).toBe(route.carousel);
      const report = checkBundle(clientDir, route.file);
      expect(report.files.length, `${route.path}: first-load scripts`).toBeGreaterThan(0);
      expect(report.gzipBytes, `${route.path}: measured`).toBeGreaterThan(0);
      const found = firstLoadProblems(
        report,
        { blockTypes: route.blockTypes },
        manifest,
        firstLoadBudgetKb(route.file),
      );
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

  it('ships React Router’s production build, not its development warnings (scripts/build/reactRouterProduction.ts)', () => {
    const assets = path.join(clientDir, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    const router = scripts.filter((f) =>
      readFileSync(path.join(assets, f), 'utf8').includes('may be used only in the context of a <Router>'),
    );
    expect(router.length, 'React Router is in the bundle').toBeGreaterThan(0);
    const development = scripts.filter((f) =>
      readFileSync(path.join(assets, f), 'utf8').includes('Hey developer'),
    );
    expect(development).toEqual([]);
  });
});
