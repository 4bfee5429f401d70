import { Link } from 'react-router';
import { Tag } from 'lucide-react';
import { avatarInitials } from '@localperks/shared';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { SearchCombobox } from '../../features/catalog/deals/components/search-combobox';

/*
 * Pieces of the header that the side menu and the account menu show too. They live apart from
 * header.tsx, which loads those menus, so that no two layout files import each other.
 */

export function AvatarButton({ name, ...props }: { name: string } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className="ml-1 inline-flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800"
      // The initials come first: a name holds the label a person sees (WCAG 2.5.3), so "click A L" works by voice.
      aria-label={`${avatarInitials(name)}, account menu for ${name}`}
      {...props}
    >
      {avatarInitials(name)}
    </button>
  );
}

/** `isCompactOnPhone`: on the narrowest phones the header keeps only the mark, so its icons fit at 320 px. */
export function Logo({ isCompactOnPhone }: { isCompactOnPhone?: boolean }) {
  return (
    <Link
      to={paths.home}
      className="flex min-h-11 shrink-0 items-center gap-2 text-lg font-bold text-brand-800"
      aria-label="LocalPerks home"
    >
      <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Tag aria-hidden className="h-4 w-4" />
      </span>
      <span className={cn(isCompactOnPhone && 'max-[399px]:sr-only')}>LocalPerks</span>
    </Link>
  );
}

export function SearchBox({ className, onDone }: { className?: string; onDone?: () => void }) {
  return <SearchCombobox className={className} onDone={onDone} inputId={onDone ? 'side-search' : 'header-search'} />;
}
