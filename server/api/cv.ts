/**
 * Checks an uploaded CV by its content, not its name or declared type: PDF starts with "%PDF-",
 * DOC is an OLE2 compound file, DOCX is a ZIP whose central directory lists
 * [Content_Types].xml and word/document.xml (entry count and total uncompressed size are checked
 * before anything else; nothing is decompressed). Also cleans the client's file name, which is kept
 * as metadata only and never used as a path.
 */
import yauzl from 'yauzl';
import { withoutInvisible } from '../../src/forms/characters.ts';
import type { CvExtension } from '../../src/forms/rules.ts';

const PDF = Buffer.from('%PDF-', 'latin1');
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const DOCX_MAX_ENTRIES = 2000;
export const DOCX_MAX_UNCOMPRESSED = 100 * 1024 * 1024;

function zipEntryNames(data: Buffer): Promise<string[] | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return resolve(null);
      if (zip.entryCount > DOCX_MAX_ENTRIES) {
        zip.close();
        return resolve(null);
      }
      const names: string[] = [];
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > DOCX_MAX_UNCOMPRESSED) {
          zip.close();
          return resolve(null);
        }
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', () => resolve(null));
      zip.readEntry();
    });
  });
}

/** The real type of a file's bytes, or null when it is none of PDF, DOC, DOCX. */
export async function detectCvType(data: Buffer): Promise<CvExtension | null> {
  if (data.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (data.subarray(0, OLE2.length).equals(OLE2)) return 'doc';
  if (data.subarray(0, ZIP.length).equals(ZIP)) {
    const names = await zipEntryNames(data);
    if (names?.includes('[Content_Types].xml') && names.includes('word/document.xml')) return 'docx';
  }
  return null;
}

export const FILENAME_MAX = 150;

/**
 * The client's file name reduced to a harmless label: no folders, no control, invisible or path
 * characters (the same invisible characters the form fields refuse), no leading dots, at most FILENAME_MAX characters with the extension kept. A name that is nothing
 * but its extension (".pdf", "....pdf") is labelled `cv.<type>`, not "pdf".
 */
export function cleanFileName(raw: string, fallbackExt: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = withoutInvisible(base)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const ext = /\.[a-z0-9]{1,8}$/i.exec(cleaned)?.[0] ?? '';
  const stem = cleaned.slice(0, cleaned.length - ext.length).replace(/^[.\s]+/, '');
  if (!stem) return `cv.${fallbackExt}`;
  let name = stem + ext;
  if (name.length > FILENAME_MAX) name = name.slice(0, FILENAME_MAX - ext.length).trimEnd() + ext;
  return name;
}
