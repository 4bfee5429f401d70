import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { LogOut } from 'lucide-react';
import type { SessionUser } from '@localperks/shared';
import { AvatarButton } from './header';

const roleLabel = { customer: 'Customer', merchant: 'Merchant', admin: 'Admin' } as const;

/** The avatar's menu: name, email, role, the role's first item, Logout. */
export default function AccountMenu({
  user,
  firstItem,
  onLogout,
  defaultOpen,
}: {
  user: SessionUser;
  firstItem: { to: string; label: string };
  onLogout: () => void;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AvatarButton name={user.name} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-3 py-2">
            <p className="text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="text-xs text-slate-600">{user.email}</p>
            <p className="mt-1 text-xs font-medium text-brand-800">{roleLabel[user.role]}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild>
            <Link
              to={firstItem.to}
              className="flex min-h-10 items-center rounded-md px-3 text-sm outline-none data-[highlighted]:bg-slate-100"
            >
              {firstItem.label}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={onLogout}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm outline-none data-[highlighted]:bg-slate-100"
          >
            <LogOut aria-hidden className="h-4 w-4" /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
