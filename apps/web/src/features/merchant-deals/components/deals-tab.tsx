/** Placeholder while the merchant deals work builds this tab in parallel; replaced by the real component. */
export default function DealsTab() {
  return null;
}
