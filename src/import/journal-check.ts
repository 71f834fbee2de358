/**
 * A rollback journal beside plant.db is rolled into it by the next process that opens it for writing: a
 * forged plant.db-journal, put in a folder the main unit could write, set line A's defects from 513 to 0
 * with integrity "ok" (issue 29, N9). The guard is the folder: on the appliance only the import unit may
 * write plant.db's folder (deploy/*.service: the others have /var/lib/airgap-agent/plant read-only). And
 * the importer refuses, before it opens plant.db or its archive for writing, a journal that it cannot have
 * written itself:
 * - a symbolic link, or not a regular file (SQLite would follow a link to a journal kept anywhere);
 * - a hard link (more than one name: a file from elsewhere);
 * - owned by another user than this process and plant.db's owner;
 * - in a folder that others (the group, anyone) may write.
 * Which of this user's processes wrote a journal cannot be told from the file (the import unit and the
 * service run as the same user): that part is the folder's.
 */
import { lstatSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.js';

function why(journal: string, stat: Stats, database: string): string | undefined {
  if (stat.isSymbolicLink()) return 'it is a symbolic link';
  if (!stat.isFile()) return 'it is not a regular file';
  if (stat.nlink > 1) return `it is a hard link (${stat.nlink} names)`;
  const uid = process.getuid?.();
  let owner: number | undefined;
  try {
    owner = statSync(database).uid;
  } catch {
    owner = undefined;
  }
  if (uid !== undefined && stat.uid !== uid && stat.uid !== owner)
    return `it belongs to another user (uid ${stat.uid}) than this importer and plant.db`;
  const folder = statSync(path.dirname(journal));
  if ((folder.mode & 0o022) !== 0)
    return `its folder ${path.dirname(journal)} may be written by others (mode ${(folder.mode & 0o777).toString(8)})`;
  return undefined;
}

/** Throws when the journal beside `database` is one the importer cannot have written (the top of this file). */
export function checkJournal(database: string): void {
  const journal = `${database}-journal`;
  let stat: Stats;
  try {
    stat = lstatSync(journal);
  } catch {
    return;
  }
  const reason = why(journal, stat, database);
  if (reason === undefined) return;
  throw new AppError(
    'DB_ERROR',
    `${journal} is not a journal this importer wrote (${reason}); ${path.basename(database)} was not opened for writing`,
    {
      hint:
        'the next writer rolls a journal into the database: find out who put it there (ls -l, the logs), move ' +
        "it away, then import again; on the appliance only airgap-agent-import may write plant.db's folder " +
        '(/var/lib/airgap-agent/plant)',
    },
  );
}
