import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const here = new URL('./', import.meta.url);
const publicDir = new URL('../public/', import.meta.url);

const icons = [
  { source: new URL('favicon.svg', publicDir), out: 'icon-192.png', size: 192, transparent: true },
  { source: new URL('favicon.svg', publicDir), out: 'icon-512.png', size: 512, transparent: true },
  {
    source: new URL('icons/icon-maskable.svg', here),
    out: 'icon-maskable-512.png',
    size: 512,
    transparent: false,
  },
  {
    source: new URL('icons/apple-touch-icon.svg', here),
    out: 'apple-touch-icon.png',
    size: 180,
    transparent: false,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new'],
});
try {
  for (const { source, out, size, transparent } of icons) {
    const svg = await readFile(source, 'utf8');
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<!doctype html><html style="margin:0;background:transparent"><body style="margin:0;background:transparent">` +
        `<img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({
      omitBackground: transparent,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await writeFile(new URL(out, publicDir), png);
    await page.close();
    console.log(`${out} ${size}x${size} ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
