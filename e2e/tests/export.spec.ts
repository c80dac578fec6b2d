import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { checkScreen, expect, LOOKS, linkDemoBank, lookAs, newPerson, register, test } from './support';

for (const look of LOOKS) {
  test(`settings → export all my data, and import it into a new account (${look.label})`, async ({
    page,
  }, testInfo) => {
    await lookAs(page, look);
    const person = newPerson();
    await register(page, person);
    await linkDemoBank(page, 'demo_harbor');

    await page.goto('/settings');
    const row = page.getByText('Export all my data');
    await row.scrollIntoViewIfNeeded();
    await expect(page.getByText('as JSON and CSV files in one ZIP')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tally-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(page.getByText('Your data is in your downloads.')).toBeVisible();
    await checkScreen(page, testInfo, `export-${look.suffix}`);

    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    const text = (name: string) => Buffer.from(files[name] ?? new Uint8Array()).toString('utf8');
    const manifest = JSON.parse(text('manifest.json')) as {
      format: string;
      person: { email: string };
      tables: Array<{ name: string; rows: number }>;
    };
    expect(manifest.format).toBe('tally-export');
    expect(manifest.person.email).toBe(person.email);
    const rows = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    // The demo bank's two years, its accounts and connection, and the person.
    expect(rows.transactions).toBeGreaterThan(1000);
    expect(rows).toMatchObject({ users: 1, bank_connections: 1 });
    expect(JSON.parse(text('data/transactions.json'))).toHaveLength(rows.transactions ?? 0);
    expect(text('csv/transactions.csv').trim().split('\n')).toHaveLength((rows.transactions ?? 0) + 1);

    // Moving: a new account takes the export back, with the history; the bank waits to be linked again.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await register(page, newPerson());
    await page.goto('/settings');
    await expect(page.getByText('Import from a Tally export')).toBeVisible();
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await (await choosing).setFiles(await download.path());
    await expect(
      page.getByText(`${(rows.transactions ?? 0).toLocaleString('en-US')} transactions imported.`, {
        exact: false,
      }),
    ).toBeVisible({ timeout: 60_000 });
    await checkScreen(page, testInfo, `import-${look.suffix}`);

    // Once more: nothing twice.
    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await (await again).setFiles(await download.path());
    await expect(page.getByText('This export was imported before. Nothing changed.')).toBeVisible();

    const listed = () =>
      page.evaluate(async () => {
        const res = await fetch('/api/transactions?pageSize=1', {
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
        });
        return ((await res.json()) as { pagination: { totalItems: number } }).pagination.totalItems;
      });
    const imported = await listed();
    expect(imported).toBeGreaterThan(1000);

    await page.goto('/accounts');
    await expect(page.getByText('Disconnected').first()).toBeVisible();
    await page.getByRole('button', { name: 'Reconnect' }).first().click();
    await expect(page.getByText(/This bank came from a Tally export/)).toBeVisible();

    // Connected again, the bank takes its accounts and history back: every transaction once.
    const connect = page.getByRole('dialog', { name: 'Connect Bank Account' });
    await connect.getByRole('button', { name: 'Connect to Plaid' }).click();
    await connect.getByRole('radio', { name: /Harbor National Bank/ }).click();
    await connect.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByText('Account connected successfully')).toBeVisible();
    await connect.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Import completed successfully!').first()).toBeVisible({ timeout: 30_000 });
    const card = page.getByRole('region', { name: 'Harbor National Bank' });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByText('Disconnected')).toHaveCount(0);
    expect(await listed()).toBe(imported);
    await checkScreen(page, testInfo, `relinked-${look.suffix}`);
  });
}
