/** "Nov 22, 2026" in the reader's time zone (or `timeZone`, see lib/hydration.tsx). */
export const formatDate = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });

/** "Nov 22, 2026 at 3:42 PM". */
export const formatDateTime = (iso: string) =>
  `${formatDate(iso)} at ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
