import { parentPort } from 'node:worker_threads';
import { parseImportFile } from '@tally/shared';
import { serveTasks } from '../../lib/worker-pool';
import { fingerprintKeys } from './fingerprint';
import type { ReadFile, ReadTask } from './read-file';
import { type ReadFilePart, splitReadFile } from './read-file-parts';

/*
 * Reads statement files off the request thread (see read-file.ts): the parse and each row's key, the two parts
 * whose time grows with the file. Nothing here touches the database or the network.
 */
if (parentPort) {
  serveTasks<ReadTask, ReadFile, ReadFile, ReadFilePart>(
    parentPort,
    ({ accountId, content, how }) => {
      const parsed = parseImportFile(content, how);
      return { parsed, keys: fingerprintKeys(accountId, parsed.rows) };
    },
    splitReadFile,
  );
}
