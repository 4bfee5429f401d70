/** Builds the server into `outdir` (default apps/server/dist), with the SQL migrations beside it (build.mjs). */
export function buildServer(outdir?: string): Promise<void>;
