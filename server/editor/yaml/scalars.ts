/**
 * Writes a new value into a scalar token of the CST, keeping its style (plain, 'single',
 * "double", folded > or literal |) when the value can be written in it, else the nearest safe
 * style. A folded text is re-wrapped at the width it was wrapped at, so a small change touches
 * the lines from the change onward, not the whole paragraph.
 */
import { CST, Document, parse, Scalar } from 'yaml';
import { type StringifyContext, stringifyString } from 'yaml/util';

type ScalarToken = CST.FlowScalar | CST.BlockScalar;

export function isScalarToken(tok: CST.Token | undefined): tok is ScalarToken {
  return (
    tok?.type === 'scalar' ||
    tok?.type === 'single-quoted-scalar' ||
    tok?.type === 'double-quoted-scalar' ||
    tok?.type === 'block-scalar'
  );
}

/** Whether a string written plain would be read back as the same string. */
function plainIsSafe(value: string): boolean {
  if (value === '' || value !== value.trim() || value.includes('\n')) return false;
  try {
    return parse(value) === value;
  } catch {
    return false;
  }
}

export function setScalar(
  tok: ScalarToken,
  value: null | boolean | number | string,
  where: { inFlow: boolean; indent: number; style?: 'QUOTE_DOUBLE' },
): void {
  if (typeof value !== 'string') {
    // Numbers, true/false and null are written plain (a quoted "5" would be text).
    CST.setScalarValue(tok, value === null ? 'null' : String(value), { inFlow: where.inFlow, type: 'PLAIN' });
    return;
  }
  const current = where.style ?? CST.resolveAsScalar(tok)?.type ?? 'PLAIN';
  if (tok.type === 'block-scalar' && !where.inFlow) {
    setBlockScalar(tok, value, current === Scalar.BLOCK_LITERAL ? 'BLOCK_LITERAL' : 'BLOCK_FOLDED');
    return;
  }
  let type = current;
  if (type === Scalar.PLAIN && !plainIsSafe(value)) type = 'QUOTE_DOUBLE';
  // A line break inside quotes would be folded over several lines; one line with \n is plainer.
  if (value.includes('\n') || /^\s|\s$/.test(value)) type = 'QUOTE_DOUBLE';
  CST.setScalarValue(tok, value, { inFlow: where.inFlow, type });
  // JSON's string syntax is valid YAML double-quoted text, and always one line.
  if (type === 'QUOTE_DOUBLE' && tok.type === 'double-quoted-scalar') tok.source = JSON.stringify(value);
}

function setBlockScalar(tok: CST.BlockScalar, value: string, type: 'BLOCK_FOLDED' | 'BLOCK_LITERAL'): void {
  const lines = tok.source.split('\n').filter((l) => l.trim());
  const indent = lines.length ? Math.min(...lines.map((l) => l.length - l.trimStart().length)) : 2;
  // Wrap where the text was wrapped; a one-line text stays one line.
  const width = lines.length > 1 ? Math.max(...lines.map((l) => l.length)) : 0;
  const ctx = {
    doc: new Document(),
    indent: ' '.repeat(Math.max(indent, 1)),
    indentStep: '  ',
    implicitKey: false,
    inFlow: false,
    forceBlockIndent: true,
    options: {
      blockQuote: true,
      lineWidth: width,
      minContentWidth: 20,
      doubleQuotedAsJSON: false,
      doubleQuotedMinMultiLineLength: 40,
      singleQuote: null,
      defaultStringType: 'PLAIN',
      defaultKeyType: null,
    },
  } as unknown as StringifyContext;
  const source = stringifyString({ type, value }, ctx);
  const header = tok.props[0];
  const nl = source.indexOf('\n');
  if (header?.type !== 'block-scalar-header' || nl < 0 || !/^[|>]/.test(source)) {
    // The value cannot be a block text (say it is empty): let the library pick a style.
    CST.setScalarValue(tok, value, { type: 'QUOTE_DOUBLE' });
    return;
  }
  header.source = source.slice(0, nl);
  tok.source = `${source.slice(nl + 1)}\n`;
}
