/** `npm run submissions -- ...`: staff access to the stored submissions (see commands.ts). */
import { hashPassword, isLongEnoughPassword, PASSWORD_MIN_LENGTH } from '../admin/password.ts';
import { loadConfig } from '../config.ts';
import { readPassword } from '../staff/readPassword.ts';
import { openDb } from '../storage/db.ts';
import { migrate } from '../storage/migrations.ts';
import { Repository } from '../storage/repository.ts';
import { envTable, runSubmissions, USAGE, UsageError } from './commands.ts';
import { Output, OutputClosedError } from './output.ts';

const args = process.argv.slice(2);
if (!args.length || args[0] === 'help' || args.includes('--help')) {
  console.log(USAGE);
  process.exit(args.length ? 0 : 1);
}

const config = loadConfig();
// Every byte goes through `out`, which waits for a slow pipe and is flushed before the exit below.
const out = new Output(process.stdout);
let code = 0;
try {
  if (args[0] === 'env') {
    await out.write(envTable());
  } else if (args[0] === 'hash-password') {
    const password = await readPassword();
    if (!isLongEnoughPassword(password)) {
      console.error(`Please choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`);
      code = 2;
    } else {
      await out.write(`${await hashPassword(password)}\n`);
      console.error('Set it as ADMIN_PASSWORD_HASH (quote it in a shell: it contains $ signs).');
    }
  } else {
    const db = openDb({
      dataDir: config.dataDir,
      ...(config.databaseUrl && { databaseUrl: config.databaseUrl }),
    });
    try {
      await migrate(db);
      await runSubmissions(args, new Repository(db), (s) => out.write(s), {
        retentionMonthsApplications: config.retentionMonthsApplications,
      });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      console.error(`${error.message}\n\n${USAGE}`);
      code = 2;
    } finally {
      await db.close();
    }
  }
} catch (error) {
  // A closed pipe is reported below, in words; anything else is a bug worth its stack trace.
  if (!(error instanceof OutputClosedError) && !out.error) throw error;
}
await out.flush();
const failure = out.failure();
if (failure) {
  console.error(failure);
  code = 1;
}
process.exit(code);
