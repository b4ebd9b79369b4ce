// @vitest-environment node
import { DOC_BYTES, DOCX_BYTES, PDF_BYTES, PNG_BYTES, zipOf } from '../testSupport.ts';
import { cleanFileName, DOCX_MAX_ENTRIES, detectCvType } from './cv.ts';

describe('detectCvType', () => {
  it.each([
    ['a PDF', PDF_BYTES, 'pdf'],
    ['an OLE2 DOC', DOC_BYTES, 'doc'],
    ['a DOCX', DOCX_BYTES, 'docx'],
    ['a PNG', PNG_BYTES, null],
    ['an empty file', Buffer.alloc(0), null],
    ['a ZIP without word/document.xml', zipOf({ '[Content_Types].xml': '<Types/>' }), null],
    ['a ZIP without [Content_Types].xml', zipOf({ 'word/document.xml': '<w/>' }), null],
    ['a truncated ZIP', DOCX_BYTES.subarray(0, 40), null],
    ['text starting "PK"', Buffer.from('PK\u0003\u0004 not really a zip'), null],
  ])('recognises %s', async (_, bytes, type) => {
    expect(await detectCvType(bytes)).toBe(type);
  });

  it('refuses a ZIP with more entries than a CV has, before reading them', async () => {
    const files: Record<string, string> = { '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' };
    for (let i = 0; i < DOCX_MAX_ENTRIES; i++) files[`word/media/${i}.txt`] = '';
    expect(await detectCvType(zipOf(files))).toBeNull();
    delete files[`word/media/${DOCX_MAX_ENTRIES - 1}.txt`];
    delete files[`word/media/${DOCX_MAX_ENTRIES - 2}.txt`];
    expect(await detectCvType(zipOf(files))).toBe('docx'); // exactly at the limit
  });

  it('refuses a ZIP announcing a huge uncompressed size without inflating it', async () => {
    const zip = zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>' });
    // Patch the central directory's uncompressed size of the first entry to 4 GB - 1.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(0xfffffffe, central + 24);
    expect(await detectCvType(zip)).toBeNull();
  });
});

describe('cleanFileName', () => {
  it.each([
    ['cv.pdf', 'cv.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\My CV.docx', 'My CV.docx'],
    ['..hidden.pdf', 'hidden.pdf'],
    ['a\u0000b\u001bc\u202e.pdf', 'abc.pdf'],
    ['', 'cv.pdf'],
    ['../', 'cv.pdf'],
    // Nothing but the extension: a label, not "pdf".
    ['.pdf', 'cv.pdf'],
    ['....pdf', 'cv.pdf'],
    [' . .pdf', 'cv.pdf'],
    ['../.pdf', 'cv.pdf'],
    ['resume', 'resume'],
    // Invisible characters, as the fuzz suite once sent: a tag character and a word joiner.
    ['\u{e0001}\u2060dda.pdf', 'dda.pdf'],
    ['my\u200bcv\u00ad.pdf', 'mycv.pdf'],
    ['\u2028.pdf', 'cv.pdf'],
    // Kept, as in the form fields: a joiner inside a Devanagari word.
    ['क्\u200dष.pdf', 'क्\u200dष.pdf'],
  ])('cleans %j to %j', (raw, clean) => {
    expect(cleanFileName(raw, 'pdf')).toBe(clean);
  });

  it('shortens a very long name and keeps the extension', () => {
    const name = cleanFileName(`${'x'.repeat(1000)}.docx`, 'docx');
    expect(name).toHaveLength(150);
    expect(name.endsWith('.docx')).toBe(true);
  });
});
