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
  /** The option chosen (docs/decisions/0047); absent for carts saved before options, meaning the deal's first. */
  optionId?: string;
  /** Empty for a one-option deal. */
  optionTitle?: string;
  /** "Limit N per customer" of the deal, shown on the line. */
  perCustomerLimit?: number | null;
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
export const clearCart = () => {
  cartStore.set([]);
  promoCodeStore.set('');
};

/** A cart line is one option of one deal: the same deal with two options is two lines. */
export const lineKey = (deal: Pick<CartDeal, 'id' | 'optionId'>) => `${deal.id}|${deal.optionId ?? ''}`;

/** A line's quantity; 0 or less removes the line (docs/product/customer-spec.md §4 Cart), more than the cap is capped. */
export const setCartQuantity = (key: string, quantity: number) =>
  cartStore.set((items) =>
    quantity <= 0
      ? items.filter((i) => lineKey(i.deal) !== key)
      : items.map((i) => (lineKey(i.deal) === key ? { ...i, quantity: Math.min(quantity, MAX_CART_LINE_QUANTITY) } : i)),
  );
export const removeFromCart = (key: string) => setCartQuantity(key, 0);

/** Refreshes a line's deal fields (title, prices…) from the server without touching its quantity. */
export const updateCartDeal = (deal: CartDeal) =>
  cartStore.set((items) => {
    const current = items.find((i) => lineKey(i.deal) === lineKey(deal));
    if (!current || (Object.keys(deal) as (keyof CartDeal)[]).every((k) => current.deal[k] === deal[k])) return items;
    return items.map((i) => (lineKey(i.deal) === lineKey(deal) ? { ...i, deal } : i));
  });

/** The promo code applied in the cart (docs/decisions/0048): the server prices it again at checkout. */
export const promoCodeStore = createLocalStore<string>('localperks.promo', '', (v): v is string => typeof v === 'string' && v.length <= 40);
