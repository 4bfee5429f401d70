/** Placeholder while the customer messages work builds this tab in parallel; replaced by the real component. */
export default function MerchantInboxTab() {
  return null;
}
