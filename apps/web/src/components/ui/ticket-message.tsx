import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * One message of a support ticket thread, as a list item of the Conversation list. Support's
 * messages are tinted; the viewer's own messages (`own`) sit on the right.
 */
export function TicketMessage({
  fromSupport,
  own,
  title,
  meta,
  children,
}: {
  fromSupport: boolean;
  own: boolean;
  title: ReactNode;
  meta: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={cn('max-w-[90%] rounded-lg p-3 text-sm text-slate-900', own && 'ml-auto', fromSupport ? 'bg-brand-50' : 'bg-slate-100')}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1 whitespace-pre-wrap break-words">{children}</p>
      <p className="mt-1 text-xs text-slate-600">{meta}</p>
    </li>
  );
}
