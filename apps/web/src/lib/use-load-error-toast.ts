import { useEffect } from 'react';
import { toast } from './toast';

/** The spec's Error toast when a tab's data fails to load (docs/product/merchant-admin-spec.md §8), once per failure. */
export function useLoadErrorToast(isError: boolean, description: string) {
  useEffect(() => {
    if (isError) showLoadError(description);
  }, [isError, description]);
}

/** Also after a Refresh that failed again (the same toast, not a second one). */
export const showLoadError = (description: string) => toast.error('Error', { description, id: `load-error-${description}` });
