/**
 * Vite plugin serving the staff app's schema checks compiled at build time (precompiledValidators.ts)
 * as virtual modules, made from the schema files whenever they are loaded, so nothing generated is
 * kept on disk to go stale:
 *   virtual:content-validators   the content validator's checks of site.yaml and page files;
 *   virtual:form-validators      rjsf's precompiled validators of the editor's forms.
 * Used by the build, the dev server (a schema change reloads them) and the unit tests.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { readSchemaFiles, SCHEMA_DIR } from '../../node/schemaFiles.ts';
import { contentValidatorsModule, formValidatorsModule } from './precompiledValidators.ts';

const MODULES: Record<string, typeof contentValidatorsModule> = {
  'virtual:content-validators': contentValidatorsModule,
  'virtual:form-validators': formValidatorsModule,
};
const RESOLVED = '\0';

export function validatorsPlugin(): Plugin {
  return {
    name: 'precompiled-validators',
    resolveId(id) {
      return id in MODULES ? RESOLVED + id : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const make = MODULES[id.slice(RESOLVED.length)];
      if (!make) return undefined;
      const files = readSchemaFiles();
      // A schema file's change must make the module again (dev server, watch mode).
      for (const { relPath } of files) this.addWatchFile(path.join(SCHEMA_DIR, relPath));
      return make(files);
    },
  };
}
