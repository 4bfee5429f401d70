import { pathToFileURL } from 'node:url';

/** Runs a CLI's `main` when the file is the process's entry point (`tsx …/db-backup.ts`), and exits with its code. */
export function runAsScript(moduleUrl: string, main: () => Promise<number>) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
