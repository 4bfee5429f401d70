import { useCallback } from 'react';
import { MAX_CART_LINE_QUANTITY, type DealDetail, type DealSummary } from '@localperks/shared';
import { cartStore, lineKey, type CartDeal } from './cart-store';
import { toast } from './toast';

/**
 * The few deal fields a cart line keeps (refreshed from the server on the cart page): with the deal
 * page's options, the chosen option's (the first when none is named) prices and title.
 */
export const toCartDeal = (deal: DealSummary | DealDetail, optionId?: string): CartDeal => {
  const options = 'options' in deal ? deal.options : [];
  const option = options.find((o) => o.id === optionId) ?? (optionId ? undefined : options[0]);
  return {
    id: deal.id,
    title: deal.title,
    dealPriceCents: option?.dealPriceCents ?? deal.dealPriceCents,
    originalPriceCents: option?.originalPriceCents ?? deal.originalPriceCents,
    imageUrl: deal.imageUrl,
    city: deal.city,
    state: deal.state,
    type: deal.type,
    ...(option ? { optionId: option.id, optionTitle: option.title } : optionId ? { optionId } : {}),
    ...('perCustomerLimit' in deal ? { perCustomerLimit: deal.perCustomerLimit } : {}),
  };
};

/** Adds a deal (one of its options) to the cart; a line already there goes up by the quantity (1 by default), capped per line. */
export function useAddToCart(): (deal: DealSummary | DealDetail, quantity?: number, optionId?: string) => void {
  return useCallback((deal: DealSummary | DealDetail, quantity = 1, optionId?: string) => {
    const add = Math.max(1, Math.floor(quantity));
    const cartDeal = toCartDeal(deal, optionId);
    cartStore.set((items) => {
      const line = items.find((i) => lineKey(i.deal) === lineKey(cartDeal));
      if (!line) return [...items, { deal: cartDeal, quantity: Math.min(add, MAX_CART_LINE_QUANTITY) }];
      return items.map((i) =>
        lineKey(i.deal) === lineKey(cartDeal) ? { deal: cartDeal, quantity: Math.min(i.quantity + add, MAX_CART_LINE_QUANTITY) } : i,
      );
    });
    const name = cartDeal.optionTitle ? `${deal.title} — ${cartDeal.optionTitle}` : deal.title;
    toast.success('Added to Cart', { description: `${name} has been added to your cart.` });
  }, []);
}
