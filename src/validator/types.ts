/** What the validator reports: one problem, pinned to a place in a file, in plain words. */
export interface ContentError {
  /** File path relative to the content root, e.g. "pages/services/iot.yaml". */
  file: string;
  line: number;
  column: number;
  /** Where in the file's data, as keys and indexes: ["blocks", 3, "type"] (empty for the whole file). */
  path: (string | number)[];
  /** The same place as people read it, e.g. "blocks[3].type" (empty for the whole file). */
  where: string;
  message: string;
  /**
   * What kind of problem it is, for tools (e.g. "unknown-block-type"); stable across versions.
   * The list, with an example of each: README, "Validation".
   */
  code?: string;
}
