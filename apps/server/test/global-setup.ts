import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, pgliteOptions } from '../src/db/client';
import { startQueue } from '../src/jobs/queue';

declare module 'vitest' {
  interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per run; each test file then starts from a copy of it
 * (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE on PostgreSQL), which is far faster than migrating.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `tally_template_${process.pid}`;
    const admin = fromPostgres(url, 1);
    await admin.exec(`DROP DATABASE IF EXISTS ${name}`);
    await admin.exec(`CREATE DATABASE ${name}`);
    const template = fromPostgres(withDatabase(url, name), 1);
    await template.migrate();
    await (await startQueue(template)).stop();
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name}`);
      await admin.close();
    };
  }
  const client = await PGlite.create(pgliteOptions);
  const template = fromPglite(client);
  await template.migrate();
  // The job queue's own schema takes seconds to create; build it once into the template.
  await (await startQueue(template)).stop();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tally-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
