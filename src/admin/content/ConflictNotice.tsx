import styles from './content.module.css';

/**
 * A save refused because the file changed since it was opened (the server's three-way 409): what
 * the other person changed, where both changed the same thing, and the two ways on.
 */
export function ConflictNotice({
  heading,
  message,
  changed,
  conflicts,
  onSaveMine,
  onLoadTheirs,
}: {
  heading: string;
  message?: string;
  changed?: string[];
  conflicts?: string[];
  onSaveMine: () => void;
  onLoadTheirs: () => void;
}) {
  return (
    <div className={styles.conflict} role="alert">
      <h2>{heading}</h2>
      <p>{message}</p>
      <PathList intro="What they changed:" paths={changed} />
      <PathList intro="You both changed (saving yours replaces theirs there):" paths={conflicts} />
      <p>Your changes are still here.</p>
      <button type="button" className={styles.primary} onClick={onSaveMine}>
        Save mine over theirs
      </button>{' '}
      <button type="button" className={styles.secondary} onClick={onLoadTheirs}>
        Drop mine and load theirs
      </button>
    </div>
  );
}

function PathList({ intro, paths }: { intro: string; paths: string[] | undefined }) {
  if (!paths?.length) return null;
  return (
    <>
      <p>{intro}</p>
      <ul>
        {paths.map((path) => (
          <li key={path}>
            <code>{path}</code>
          </li>
        ))}
      </ul>
    </>
  );
}
