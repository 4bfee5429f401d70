import { createLocalStore } from '../../lib/local-store';

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

const isCart = (v: unknown): v is CartItem[] =>
  Array.isArray(v) && v.every((i) => i && typeof i === 'object' && typeof i.deal?.id === 'string' && Number.isInteger(i.quantity) && i.quantity > 0);

export const cartStore = createLocalStore<CartItem[]>('localperks.cart', [], isCart);

export const useCartCount = () => cartStore.use().reduce((n, i) => n + i.quantity, 0);
export const clearCart = () => cartStore.set([]);
