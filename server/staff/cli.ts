/** `npm run staff -- ...`: manages the named staff accounts (see commands.ts for the commands). */
import { loadConfig } from '../config.ts';
import { openDb } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { AccountError, StaffAccounts } from './accounts.ts';
import { runStaff, STAFF_USAGE, StaffUsageError } from './commands.ts';
import { readLine, readPassword } from './readPassword.ts';
import { TwoStep } from './twoStep.ts';
import { DEFAULT_ADMIN_EMAIL } from './types.ts';

const args = process.argv.slice(2);
if (!args.length || args[0] === 'help' || args.includes('--help')) {
  console.log(STAFF_USAGE);
  process.exit(args.length ? 0 : 1);
}

const config = loadConfig();
const db = openDb({
  dataDir: config.dataDir,
  ...(config.databaseUrl && { databaseUrl: config.databaseUrl }),
});
let code = 0;
try {
  await migrate(db);
  await runStaff(
    args,
    new StaffAccounts(db),
    (s) => process.stdout.write(s),
    readPassword,
    config.admin.adminEmail ?? DEFAULT_ADMIN_EMAIL,
    {
      twoStep: new TwoStep(db),
      roles: config.admin.twoStepRoles,
      readCode: () => readLine('The 6-digit code the app shows now: '),
    },
  );
} catch (error) {
  if (error instanceof StaffUsageError) {
    console.error(`${error.message}\n\n${STAFF_USAGE}`);
    code = 2;
  } else if (
    error instanceof AccountError ||
    (error instanceof Error && error.message.includes('passwords differ'))
  ) {
    console.error(error.message);
    code = 1;
  } else throw error;
} finally {
  await db.close();
}
process.exit(code);
