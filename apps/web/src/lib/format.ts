/** "Nov 22, 2026" in the reader's time zone (or `timeZone`, see lib/hydration.tsx). */
export const formatDate = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });

/** "Nov 22, 2026 at 3:42 PM". */
export const formatDateTime = (iso: string) =>
  `${formatDate(iso)} at ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;

/** A subscription period: "Nov 24 – Dec 24, 2024", or "Dec 24, 2024 – Jan 24, 2025" across a year. */
export function formatPeriod(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const short = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return start.getFullYear() === end.getFullYear()
    ? `${short(start)} – ${short(end)}, ${end.getFullYear()}`
    : `${formatDate(startIso)} – ${formatDate(endIso)}`;
}
