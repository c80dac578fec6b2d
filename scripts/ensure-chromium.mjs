// The browser journeys need Chromium. Found: nothing to do. Missing: installed from Debian's packages when
// this process may (as root, or through sudo without a password); otherwise the run stops at once and says
// the one command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const PACKAGES = ['chromium', 'fonts-dejavu-core'];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is ${chromium}, which does not exist. Point it at Chromium, or unset it.`);
  process.exit(1);
}
const root = process.getuid?.() === 0;
const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
if (!fs.existsSync('/usr/bin/apt-get') || (!root && !sudo)) {
  console.error(
    'The browser journeys need Chromium at /usr/bin/chromium. Install it, then run the tests again:\n' +
      `  sudo apt-get update && sudo apt-get install -y ${PACKAGES.join(' ')}\n` +
      '(or set CHROMIUM_PATH to a Chromium elsewhere).',
  );
  process.exit(1);
}
console.log('Installing Chromium for the browser journeys…');
const aptGet = (...args) =>
  execFileSync(
    root ? 'env' : 'sudo',
    [...(root ? [] : ['env']), 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args],
    {
      stdio: 'inherit',
    },
  );
aptGet('update', '-qq');
aptGet('install', '-y', '-qq', ...PACKAGES);
