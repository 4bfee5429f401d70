// Adds lock entries for other platforms' optional binaries that npm leaves out when it installs here
// (the registry reachable from this machine lacks some of their versions), so `npm ci` works on a
// clean checkout of any platform. Run `node scripts/complete-lock.mjs` after `npm install`; see DEVELOPERS.md.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pk = lock.packages;
let added = 0;
for (const meta of Object.values(pk)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const k = `node_modules/${name}`;
    if (pk[k]) continue;
    const version = /^\d+\.\d+\.\d+$/.test(range) ? range : null;
    if (!version) {
      console.error('range', name, range);
      continue;
    }
    let info = {};
    for (const spec of [`${name}@${version}`, name]) {
      try {
        info = JSON.parse(
          execFileSync('npm', ['view', spec, 'os', 'cpu', 'libc', 'license', '--json'], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
          }) || '{}',
        );
        break;
      } catch {
        console.error('view failed', spec);
      }
    }
    const entry = { version };
    if (info.cpu) entry.cpu = info.cpu;
    if (meta.dev) entry.dev = true;
    if (info.libc) entry.libc = info.libc;
    if (info.license) entry.license = info.license;
    entry.optional = true;
    if (info.os) entry.os = info.os;
    pk[k] = entry;
    added++;
    console.log('added', k, JSON.stringify(entry));
  }
}
const sorted = {};
for (const k of Object.keys(pk).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0))) sorted[k] = pk[k];
lock.packages = sorted;
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
