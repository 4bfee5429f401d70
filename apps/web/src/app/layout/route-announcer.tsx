import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading, setAnnouncer } from '../../lib/page-focus';

/**
 * After every page change (not the first load: focus starts at the top of the document, with the
 * skip link first), focus moves to the new page's h1 and this polite live region reads its title.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const shownPath = useRef(pathname);

  useEffect(() => setAnnouncer(setMessage), []);
  useEffect(() => {
    if (shownPath.current === pathname) return focusPageHeading(pathname, { focus: false });
    shownPath.current = pathname;
    return focusPageHeading(pathname);
  }, [pathname]);

  return (
    <div id="route-announcer" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
