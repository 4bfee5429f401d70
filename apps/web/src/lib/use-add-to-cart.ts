import { useCallback } from 'react';
import { MAX_CART_LINE_QUANTITY, type DealSummary } from '@localperks/shared';
import { cartStore, type CartDeal } from './cart-store';
import { toast } from './toast';

/** The few deal fields a cart line keeps (refreshed from the server on the cart page). */
export const toCartDeal = (deal: DealSummary): CartDeal => ({
  id: deal.id,
  title: deal.title,
  dealPriceCents: deal.dealPriceCents,
  originalPriceCents: deal.originalPriceCents,
  imageUrl: deal.imageUrl,
  city: deal.city,
  state: deal.state,
  type: deal.type,
});

/** Adds a deal to the cart; a deal already there goes up by the quantity (1 by default), capped per line. */
export function useAddToCart(): (deal: DealSummary, quantity?: number) => void {
  return useCallback((deal: DealSummary, quantity = 1) => {
    const add = Math.max(1, Math.floor(quantity));
    cartStore.set((items) => {
      const line = items.find((i) => i.deal.id === deal.id);
      if (!line) return [...items, { deal: toCartDeal(deal), quantity: Math.min(add, MAX_CART_LINE_QUANTITY) }];
      return items.map((i) =>
        i.deal.id === deal.id ? { deal: toCartDeal(deal), quantity: Math.min(i.quantity + add, MAX_CART_LINE_QUANTITY) } : i,
      );
    });
    toast.success('Added to Cart', { description: `${deal.title} has been added to your cart.` });
  }, []);
}
