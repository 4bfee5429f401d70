import { Link } from 'react-router';
import { PUBLIC_PAGES } from '@localperks/shared';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { pageLoader } from '../../page-data';

/** No data; answered with a 404 (app/page-data.ts). */
export const loader = pageLoader(null, 404);

export default function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{PUBLIC_PAGES['not-found'].head().title}</title>
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-2 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className={buttonClass('primary')}>
          Go Home
        </Link>
        <Link to={paths.deals} className={buttonClass('secondary')}>
          Browse Deals
        </Link>
      </div>
    </div>
  );
}
