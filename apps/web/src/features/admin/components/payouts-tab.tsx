/** Placeholder while the payouts work builds this tab in parallel; replaced by the real component. */
export default function PayoutsTab() {
  return null;
}
