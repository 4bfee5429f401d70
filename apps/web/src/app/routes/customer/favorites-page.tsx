import { FavoritesGrid } from '../../components/favorites-grid';

/** /favorites: the favourite deals, for visitors (browser storage) and customers (their account). */
export default function FavoritesPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <title>Favorites | LocalPerks</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Favorites</h1>
      <FavoritesGrid />
    </div>
  );
}
