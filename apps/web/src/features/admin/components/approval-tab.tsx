/** Placeholder while the approval work builds this tab in parallel; replaced by the real component. */
export default function ApprovalTab() {
  return null;
}
