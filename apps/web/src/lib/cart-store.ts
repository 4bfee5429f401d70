import { MAX_CART_LINE_QUANTITY } from '@localperks/shared';
import { createLocalStore } from './local-store';

export interface CartDeal {
  id: string;
  title: string;
  dealPriceCents: number;
  originalPriceCents: number;
  imageUrl: string | null;
  city: string;
  state: string;
  type: 'standard' | 'perkboost';
}
export interface CartItem {
  deal: CartDeal;
  quantity: number;
}

const isCartItem = (i: unknown): i is CartItem => {
  if (!i || typeof i !== 'object') return false;
  const { deal, quantity } = i as { deal?: { id?: unknown } | null; quantity?: unknown };
  return typeof deal?.id === 'string' && typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0;
};
const isCart = (v: unknown): v is CartItem[] => Array.isArray(v) && v.every(isCartItem);

export const cartStore = createLocalStore<CartItem[]>('localperks.cart', [], isCart);

export const useCartCount = () => cartStore.use().reduce((n, i) => n + i.quantity, 0);
export const clearCart = () => cartStore.set([]);

/** A line's quantity; 0 or less removes the line (docs/product/customer-spec.md §4 Cart), more than the cap is capped. */
export const setCartQuantity = (dealId: string, quantity: number) =>
  cartStore.set((items) =>
    quantity <= 0
      ? items.filter((i) => i.deal.id !== dealId)
      : items.map((i) => (i.deal.id === dealId ? { ...i, quantity: Math.min(quantity, MAX_CART_LINE_QUANTITY) } : i)),
  );
export const removeFromCart = (dealId: string) => setCartQuantity(dealId, 0);

/** Refreshes a line's deal fields (title, prices…) from the server without touching its quantity. */
export const updateCartDeal = (deal: CartDeal) =>
  cartStore.set((items) => {
    const current = items.find((i) => i.deal.id === deal.id);
    if (!current || (Object.keys(deal) as (keyof CartDeal)[]).every((k) => current.deal[k] === deal[k])) return items;
    return items.map((i) => (i.deal.id === deal.id ? { ...i, deal } : i));
  });
