/** Placeholder while the analytics work builds this tab in parallel; replaced by the real component. */
export default function AnalyticsTab() {
  return null;
}
