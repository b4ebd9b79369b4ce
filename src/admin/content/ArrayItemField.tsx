/**
 * The field of one item of a list. rjsf names an item that has no title of its own after its list,
 * "<list title>-<n>" ("Other addresses-1"), and that is what the label and a screen reader say.
 * The editor says "Other addresses, item 1" instead, as its Up, Down and Remove buttons count items.
 */
import type { FieldProps } from '@rjsf/utils';

/** The item's title as the editor words it; any other title is left as it is. */
export function itemTitle(title: unknown, index: unknown): string | undefined {
  if (typeof title !== 'string') return undefined;
  if (typeof index !== 'number') return title;
  const suffix = `-${index + 1}`;
  return title.endsWith(suffix) ? `${title.slice(0, -suffix.length)}, item ${index + 1}` : title;
}

export function ArrayItemField(props: FieldProps) {
  const { SchemaField } = props.registry.fields;
  if (!SchemaField) throw new Error('rjsf has no SchemaField');
  return <SchemaField {...props} title={itemTitle(props.title, props.index)} />;
}
